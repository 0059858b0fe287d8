import GRDB
import GRDBSQLite
import GestureTrace

/// Derives a capture whose line order defeated the reading pass by reading
/// its stored records back in time order through a fresh `StreamingDeriver`.
///
/// Once the records are stored, the store holds them in any order asked
/// for: each session's touch-downs, transitions, deliveries and targets,
/// read by session and time and merged, are the capture as a recorder
/// writing in time order would have written it (at one time, in the order
/// `OrderedRows.Kind.rank` gives, then by line). The one-pass deriver then
/// settles them as it settles such a capture while reading: a dictionary
/// lookup or a binary search a record. A record naming a touch whose down
/// comes later is settled at once, its down one seek in `stored_touch`
/// away (`StreamingDeriver.touchDownReadLater`), where the reading pass
/// holds it, so nothing waits on a later record here.
///
/// Deliveries are stored clustered by (session, time, line) and read in
/// place; touch-downs, transitions and targets are clustered otherwise and
/// sorted by SQLite. The deriver runs on a thread of its own
/// (`ReplayDeriverThread`) while this one reads and inserts, and the
/// derived rows go through the import's own `RecordInserter`, so they are
/// the rows the reading pass would have stored. The deriver's `incompleteReason` says whether it settled them
/// all; the importer refuses the capture when it did not.
///
///     let replayed = try StoredRecordReplay.derive(db, captureID: id, inserter: inserter, limits: limits)
///     if let reason = replayed.deriver.incompleteReason { throw StoreError("… \(reason) …") }
enum StoredRecordReplay {
    /// What a replay did.
    struct Replayed {
        /// Whose `incompleteReason` says whether its rows are the capture's.
        var deriver: StreamingDeriver
        /// The CPU seconds the deriving thread used (none when the replay
        /// gave up before it started the thread).
        var deriverCPUSeconds = 0.0
    }

    /// Replays the capture's stored records into `inserter`, after clearing
    /// whatever the reading pass stored of its derived rows before it gave
    /// up.
    static func derive(_ db: Database, captureID: Int64, inserter: RecordInserter,
                       limits: StreamingDeriver.Limits) throws -> Replayed {
        // Read in time order nothing else defeats the deriver; the false
        // starts' pairs that make room are set aside, so nothing does. The
        // sessions come one after another, so each is settled and freed as
        // the next starts: no pair waits behind 63 finished sessions.
        var replayLimits = limits
        replayLimits.liveSessions = 1
        let deriver = StreamingDeriver(limits: replayLimits, startsOverflow: .setAside)
        do {
            try clearDerivedRows(db, captureID: captureID)
            try inserter.discardHeldStarts()
            var replay = try Replay(db, captureID: captureID, sessionRowIDs: inserter.sessionRowIDs)
            return try replay.run(deriver, inserter: inserter)
        } catch let error as DatabaseError {
            throw StoreError("deriving latencies from the stored records failed: \(error.message ?? "\(error)")"
                + (error.sql.map { "\n  SQL: \($0)\n  arguments: capture \(captureID)" } ?? ""))
        }
    }

    /// Whatever the reading pass stored of the capture's derived rows.
    private static func clearDerivedRows(_ db: Database, captureID: Int64) throws {
        for table in ["stored_response", "stored_recognition", "stored_dispatch", "session_orphans",
                      "stored_touch_start", "stored_outcome"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE session_id IN (SELECT id FROM session WHERE capture_id = ?)",
                           arguments: [captureID])
        }
    }

    /// The merge of the four tables' cursors, one session after another.
    private struct Replay {
        private let sessionRowIDs: [Int64]
        private var screens: [(width: Double?, height: Double?)] = []
        private let touchDowns: OrderedRows
        private let transitions: OrderedRows
        private let deliveries: OrderedRows
        private let targets: OrderedRows
        private let declaredLines: DeclaredLines
        private let laterDowns: LaterTouchDowns
        private var names: StoredNames

        init(_ db: Database, captureID: Int64, sessionRowIDs: [Int64]) throws {
            self.sessionRowIDs = sessionRowIDs
            names = try StoredNames(db)
            let ofCapture = "session_id IN (SELECT id FROM session WHERE capture_id = ?)"
            touchDowns = try OrderedRows(.touchDown, db, captureID: captureID, sql: """
                SELECT session_id, down_ns, line, touch, x, y, hit_id FROM stored_touch
                WHERE \(ofCapture) ORDER BY session_id, down_ns, line
                """)
            transitions = try OrderedRows(.transition, db, captureID: captureID, sql: """
                SELECT session_id, t_ns, line, recognizer_id, to_state_id, from_state_id, class_id, touch
                FROM stored_transition WHERE \(ofCapture) ORDER BY session_id, t_ns, line
                """)
            deliveries = try OrderedRows(.delivery, db, captureID: captureID, sql: """
                SELECT session_id, t_ns, line, target_id, event_id, via_id, touch FROM stored_delivery
                WHERE \(ofCapture) ORDER BY session_id, t_ns, line
                """)
            targets = try OrderedRows(.target, db, captureID: captureID, sql: """
                SELECT session_id, t_ns, line, target_id, x, y, w, h, hit_x, hit_y, hit_w, hit_h, class_id
                FROM stored_target WHERE \(ofCapture) ORDER BY session_id, t_ns, line
                """)
            declaredLines = try DeclaredLines(db, captureID: captureID)
            laterDowns = try LaterTouchDowns(db)
            let screenRows = try Row.fetchAll(db, sql: """
                SELECT id, screen_w, screen_h FROM session WHERE capture_id = ? ORDER BY id
                """, arguments: [captureID])
            var screenOf: [Int64: (Double?, Double?)] = [:]
            for row in screenRows { screenOf[row[0]] = (row[1], row[2]) }
            screens = sessionRowIDs.map { screenOf[$0] ?? (nil, nil) }
            laterDowns.sessions = zip(sessionRowIDs, screens).map { ($0, $1.width, $1.height) }
        }

        /// Reads the records in order and hands them to the deriver on its
        /// own thread, inserting what it derives.
        mutating func run(_ deriver: StreamingDeriver, inserter: RecordInserter) throws -> Replayed {
            var deriver = deriver
            // The cursors are read in session-id order, which is the order
            // the importer numbered the sessions in (it inserted them one
            // after another).
            guard zip(sessionRowIDs, sessionRowIDs.dropFirst()).allSatisfy({ $0 < $1 }) else {
                deriver.giveUp("the capture's sessions are not stored in the order they were read")
                return Replayed(deriver: deriver)
            }
            let thread = ReplayDeriverThread(deriver: deriver) { try inserter.insert($0, derived: true) }
            let laterDowns = laterDowns
            thread.start(lookUp: { laterDowns.down(session: $0, touch: $1) })
            do {
                try send(to: thread)
                if let failure = laterDowns.failure { throw failure }
                let derived = try thread.finish()
                if let failure = laterDowns.failure { throw failure }
                return Replayed(deriver: derived.deriver, deriverCPUSeconds: derived.cpuSeconds)
            } catch {
                thread.cancel()
                throw error
            }
        }

        private mutating func send(to thread: ReplayDeriverThread) throws {
            var chunk: [ReplayDeriverThread.Item] = []
            chunk.reserveCapacity(ReplayDeriverThread.itemsPerChunk)
            for (ordinal, sessionID) in sessionRowIDs.enumerated() {
                chunk.append(.session)
                try declaredLines.read(session: sessionID)
                while let source = earliest(of: sessionID) {
                    chunk.append(try item(source, session: ordinal))
                    try source.advance()
                    thread.answerPending()
                    if chunk.count >= ReplayDeriverThread.itemsPerChunk {
                        if let failure = laterDowns.failure { throw failure }
                        try thread.send(chunk)
                        chunk.removeAll(keepingCapacity: true)
                        if thread.hasGivenUp { return }
                    }
                }
            }
            try thread.send(chunk)
        }

        /// The cursor whose next record of the session comes first by time,
        /// then kind (`OrderedRows.Kind.rank`), then line.
        private func earliest(of sessionID: Int64) -> OrderedRows? {
            var first: OrderedRows?
            Self.keepEarlier(touchDowns, than: &first, session: sessionID)
            Self.keepEarlier(transitions, than: &first, session: sessionID)
            Self.keepEarlier(deliveries, than: &first, session: sessionID)
            Self.keepEarlier(targets, than: &first, session: sessionID)
            return first
        }

        @inline(__always)
        private static func keepEarlier(_ source: OrderedRows, than first: inout OrderedRows?, session: Int64) {
            guard source.session == session else { return }
            if let current = first,
               (current.nanos, current.kind.rank, current.line) < (source.nanos, source.kind.rank, source.line) { return }
            first = source
        }

        /// The record at hand as the deriver reads it.
        private mutating func item(_ source: OrderedRows, session: Int) throws -> ReplayDeriverThread.Item {
            let line = Int(source.line)
            switch source.kind {
            case .touchDown:
                let x = source.double(4), y = source.double(5)
                let screen = screens[session]
                return .touchDown(session: session, touch: source.int64(3), nanos: source.nanos,
                                  region: ScreenRegion(x: x, y: y, screenWidth: screen.width,
                                                       screenHeight: screen.height),
                                  line: line, x: x, y: y, hit: try names.text(source.optionalInt64(6)))
            case .transition:
                guard let to = RecognizerState(rawValue: try names.text(source.int64(4))) else {
                    return .giveUp("the transition at line \(line) has a state this build does not know")
                }
                let from = try names.text(source.optionalInt64(5)).flatMap(RecognizerState.init(rawValue:))
                let record = TransitionRecord(session: "", recognizer: try names.text(source.int64(3)), to: to,
                                              timeNanos: source.nanos, from: from,
                                              recognizerClass: try names.text(source.optionalInt64(6)),
                                              touch: source.optionalInt64(7))
                return .transition(record, session: session, line: line)
            case .delivery:
                let record = DeliveryRecord(session: "", target: try names.text(source.int64(3)),
                                            event: try names.text(source.int64(4)),
                                            via: try names.text(source.int64(5)),
                                            timeNanos: source.nanos, touch: source.optionalInt64(6))
                return .delivery(record, session: session, line: line)
            case .target:
                let frame = TargetRect(x: source.double(4), y: source.double(5), width: source.double(6),
                                       height: source.double(7))
                let hitArea = source.isNull(8) ? nil
                    : TargetRect(x: source.double(8), y: source.double(9), width: source.double(10),
                                 height: source.double(11))
                let record = TargetRecord(session: "", target: try names.text(source.int64(3)),
                                          timeNanos: source.nanos, frame: frame, hitArea: hitArea,
                                          targetClass: try names.text(source.optionalInt64(12)))
                return .target(record, session: session, line: line,
                               declaredLine: declaredLines.line(of: source.int64(3)))
            }
        }
    }
}

/// One table's rows of a capture in (session, time, line) order, the first
/// three columns of its query; the row at hand is read in place from
/// SQLite's buffers. The merge puts a time's records in `kind` order.
private final class OrderedRows {
    enum Kind {
        case target, touchDown, transition, delivery

        /// The order of records at one time. The derivation's rules count
        /// whatever happened at or before a record's time: a target's frame
        /// for a touch-down's outcome, a touch-down for the records that
        /// follow it, a transition for a delivery's dispatch. Put first, the
        /// earlier of each pair is there when the later is read, whatever
        /// their lines; in line order the deriver would give up on them.
        var rank: Int {
            switch self {
            case .target: 0
            case .touchDown: 1
            case .transition: 2
            case .delivery: 3
            }
        }
    }

    let kind: Kind
    private let statement: Statement
    private let cursor: RowCursor
    private(set) var session = Int64.max
    private(set) var nanos = Int64.max
    private(set) var line = Int64.max

    init(_ kind: Kind, _ db: Database, captureID: Int64, sql: String) throws {
        self.kind = kind
        statement = try db.makeStatement(sql: sql)
        cursor = try Row.fetchCursor(statement, arguments: [captureID])
        try advance()
    }

    /// Moves to the next row; past the last, `session` is `Int64.max`,
    /// which no session id equals.
    func advance() throws {
        guard try cursor.next() != nil else {
            (session, nanos, line) = (.max, .max, .max)
            return
        }
        (session, nanos, line) = (int64(0), int64(1), int64(2))
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement.sqliteStatement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement.sqliteStatement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement.sqliteStatement, column) == SQLITE_NULL }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
}

/// The touch-down a record names when it comes later by time: one seek by
/// the primary key of `stored_touch`, (session, touch). The deriver's
/// lookup cannot throw, so a failure is kept for the replay to throw.
private final class LaterTouchDowns {
    private let statement: Statement
    /// By session ordinal: its row id and screen size (for the region).
    var sessions: [(id: Int64, width: Double?, height: Double?)] = []
    private(set) var failure: Error?

    init(_ db: Database) throws {
        statement = try db.makeStatement(sql: "SELECT down_ns, x, y FROM stored_touch WHERE session_id = ? AND touch = ?")
    }

    func down(session: Int, touch: Int64) -> StreamingDeriver.TouchDown? {
        let (id, width, height) = sessions[session]
        do {
            let rows = try Row.fetchCursor(statement, arguments: [id, touch])
            guard try rows.next() != nil else { return nil }
            let handle = statement.sqliteStatement
            let x = sqlite3_column_double(handle, 1), y = sqlite3_column_double(handle, 2)
            return StreamingDeriver.TouchDown(
                nanos: sqlite3_column_int64(handle, 0), touch: touch,
                region: ScreenRegion(x: x, y: y, screenWidth: width, screenHeight: height))
        } catch {
            failure = failure ?? error
            return nil
        }
    }
}

/// Each target's first line in the file, one session at a time: the line
/// that breaks a tie in distance between targets (docs/latencies.md), which
/// a target's records read by time may not reach first. Read by the
/// primary key (session, target, …) without a sort; the session at hand's
/// targets only are kept.
private final class DeclaredLines {
    private let statement: Statement
    private let cursor: RowCursor
    private var session = Int64.max
    private var lines: [Int64: Int] = [:]

    init(_ db: Database, captureID: Int64) throws {
        statement = try db.makeStatement(sql: """
            SELECT session_id, target_id, min(line) FROM stored_target
            WHERE session_id IN (SELECT id FROM session WHERE capture_id = ?)
            GROUP BY session_id, target_id ORDER BY session_id, target_id
            """)
        cursor = try Row.fetchCursor(statement, arguments: [captureID])
        try advance()
    }

    /// Keeps the targets of session `id` (ids come ascending).
    func read(session id: Int64) throws {
        lines.removeAll(keepingCapacity: true)
        while session < id { try advance() }
        while session == id {
            lines[sqlite3_column_int64(statement.sqliteStatement, 1)] = Int(sqlite3_column_int64(statement.sqliteStatement, 2))
            try advance()
        }
    }

    /// The first line of the target with that name key in the session read.
    func line(of target: Int64) -> Int? { lines[target] }

    private func advance() throws {
        session = try cursor.next() != nil ? sqlite3_column_int64(statement.sqliteStatement, 0) : .max
    }
}

/// Names by key, read from the `name` table as the replay meets them: one
/// seek for each name a capture uses, whatever the store's size.
private struct StoredNames {
    private let statement: Statement
    private var known: [Int64: String] = [:]

    init(_ db: Database) throws {
        // As a blob: a name may hold a NUL, where SQLite's text would end.
        statement = try db.makeStatement(sql: "SELECT CAST(text AS BLOB) FROM name WHERE id = ?")
    }

    mutating func text(_ id: Int64) throws -> String {
        if let text = known[id] { return text }
        let rows = try Row.fetchCursor(statement, arguments: [id])
        guard try rows.next() != nil else {
            throw StoreError("deriving latencies from the stored records failed: no name has the key \(id)")
        }
        let count = Int(sqlite3_column_bytes(statement.sqliteStatement, 0))
        let bytes = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement.sqliteStatement, 0), count: count)
        let text = String(decoding: bytes, as: UTF8.self)
        known[id] = text
        return text
    }

    mutating func text(_ id: Int64?) throws -> String? {
        try id.map { try text($0) }
    }
}
