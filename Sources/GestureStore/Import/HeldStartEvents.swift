import GRDB
import GRDBSQLite
import GestureTrace

/// The events of (touch, target) pairs the deriver set aside to keep memory
/// flat (`FalseStartTracker`), stored in a temporary table during the
/// import and settled after it, a pair at a time, by `FalseStarts.outcome`:
/// the rule the deriver applies to the pairs it settles itself.
///
/// The table is the import connection's own (`temp`), made when the first
/// event is set aside, and dropped once settled; what it holds costs disk,
/// not memory. Names are stored by key, as the records' are.
///
///     try HeldStartEvents.settle(db)   // after the last batch
enum HeldStartEvents {
    static let table = "temp.held_start_event"

    /// Makes the table empty, dropping any left by an import before.
    static func create(_ db: Database) throws {
        try drop(db)
        try db.execute(sql: """
            CREATE TEMP TABLE held_start_event (
                session_id  INTEGER NOT NULL,
                touch       INTEGER NOT NULL,
                target_id   INTEGER NOT NULL,
                role        INTEGER NOT NULL,
                t_ns        INTEGER NOT NULL,
                event_id    INTEGER NOT NULL,
                line        INTEGER NOT NULL
            )
            """)
    }

    static func drop(_ db: Database) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS temp.held_start_event")
    }

    /// Stores the `touch_start` row of each pair set aside, then drops the
    /// table. Returns the number of pairs.
    @discardableResult
    static func settle(_ db: Database) throws -> Int {
        let select = try db.makeStatement(sql: """
            SELECT held.session_id, held.touch, held.target_id, held.role, held.t_ns, held.event_id,
                   CAST(name.text AS BLOB), held.line
            FROM temp.held_start_event AS held JOIN name ON name.id = held.event_id
            ORDER BY held.session_id, held.touch, held.target_id
            """)
        let insert = try db.makeStatement(sql: """
            INSERT INTO stored_touch_start (session_id, touch, target_id, start_event_id, start_ns, start_line,
                                            cancel_event_id, cancel_ns, cancel_line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var pair: (session: Int64, touch: Int64, target: Int64)?
        var events: [FalseStarts.Event] = []
        var eventKeys: [String: Int64] = [:]
        var pairs = 0
        func settlePair() throws {
            guard let pair, let outcome = FalseStarts.outcome(of: events) else { return }
            let cancel = outcome.cancel
            try insert.execute(arguments: [
                pair.session, pair.touch, pair.target, eventKeys[outcome.start.name.string],
                outcome.start.nanos, outcome.start.line, cancel.flatMap { eventKeys[$0.name.string] },
                cancel?.nanos, cancel?.line,
            ])
            pairs += 1
        }
        let rows = try Row.fetchCursor(select)
        let handle = select.sqliteStatement
        while try rows.next() != nil {
            let key = (session: sqlite3_column_int64(handle, 0), touch: sqlite3_column_int64(handle, 1),
                       target: sqlite3_column_int64(handle, 2))
            if pair.map({ $0 != key }) ?? true {
                try settlePair()
                (pair, events) = (key, [])
                eventKeys.removeAll(keepingCapacity: true)
            }
            guard let role = FalseStarts.Role(rawValue: UInt8(truncatingIfNeeded: sqlite3_column_int64(handle, 3))) else {
                continue
            }
            let count = Int(sqlite3_column_bytes(handle, 6))
            let name = String(decoding: UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, 6), count: count),
                              as: UTF8.self)
            eventKeys[name] = sqlite3_column_int64(handle, 5)
            events.append(FalseStarts.Event(role: role, nanos: sqlite3_column_int64(handle, 4),
                                            name: ExactText(name), line: Int(sqlite3_column_int64(handle, 7))))
        }
        try settlePair()
        try drop(db)
        return pairs
    }
}
