import GRDB
import GestureTrace

/// Writes one capture's validated records into the store.
///
/// Sessions are rare and go through GRDB's ordinary API; the per-sample
/// records go through `BatchedInsert`, many rows a statement, bound directly.
/// Call `finish()` before reading the tables.
final class RecordInserter {
    private let db: Database
    private let captureID: Int64
    /// Session id in the capture → `session.id` in the store.
    private var sessionRowIDs: [String: Int64] = [:]

    private let touches: BatchedInsert<(sessionID: Int64, record: TouchRecord, line: Int)>
    private let samples: BatchedInsert<(sessionID: Int64, record: TouchRecord, line: Int)>
    private let transitions: BatchedInsert<(sessionID: Int64, record: TransitionRecord, line: Int)>
    private let deliveries: BatchedInsert<(sessionID: Int64, record: DeliveryRecord, line: Int)>
    private let frames: BatchedInsert<(sessionID: Int64, record: FrameRecord, line: Int)>

    init(_ db: Database, captureID: Int64) throws {
        self.db = db
        self.captureID = captureID
        touches = try BatchedInsert(
            db, table: "touch", columns: ["session_id", "touch", "down_ns", "x", "y", "kind", "line"],
            bind: { statement, row, offset in
                statement.bind(row.sessionID, at: offset + 1)
                statement.bind(row.record.touch, at: offset + 2)
                statement.bind(row.record.timeNanos, at: offset + 3)
                statement.bind(row.record.x, at: offset + 4)
                statement.bind(row.record.y, at: offset + 5)
                statement.bind(row.record.kind?.rawValue, at: offset + 6)
                statement.bind(row.line, at: offset + 7)
            },
            describe: { "\($0.record), line \($0.line)" })
        samples = try BatchedInsert(
            db, table: "touch_sample",
            columns: ["session_id", "touch", "t_ns", "phase", "x", "y", "radius", "force", "kind", "line"],
            bind: { statement, row, offset in
                statement.bind(row.sessionID, at: offset + 1)
                statement.bind(row.record.touch, at: offset + 2)
                statement.bind(row.record.timeNanos, at: offset + 3)
                statement.bind(row.record.phase.rawValue, at: offset + 4)
                statement.bind(row.record.x, at: offset + 5)
                statement.bind(row.record.y, at: offset + 6)
                statement.bind(row.record.radius, at: offset + 7)
                statement.bind(row.record.force, at: offset + 8)
                statement.bind(row.record.kind?.rawValue, at: offset + 9)
                statement.bind(row.line, at: offset + 10)
            },
            describe: { "\($0.record), line \($0.line)" })
        transitions = try BatchedInsert(
            db, table: "transition",
            columns: ["session_id", "recognizer", "to_state", "t_ns", "from_state", "class", "touch", "line"],
            bind: { statement, row, offset in
                statement.bind(row.sessionID, at: offset + 1)
                statement.bind(row.record.recognizer, at: offset + 2)
                statement.bind(row.record.to.rawValue, at: offset + 3)
                statement.bind(row.record.timeNanos, at: offset + 4)
                statement.bind(row.record.from?.rawValue, at: offset + 5)
                statement.bind(row.record.recognizerClass, at: offset + 6)
                statement.bind(row.record.touch, at: offset + 7)
                statement.bind(row.line, at: offset + 8)
            },
            describe: { "\($0.record), line \($0.line)" })
        deliveries = try BatchedInsert(
            db, table: "delivery", columns: ["session_id", "t_ns", "target", "event", "via", "touch", "line"],
            bind: { statement, row, offset in
                statement.bind(row.sessionID, at: offset + 1)
                statement.bind(row.record.timeNanos, at: offset + 2)
                statement.bind(row.record.target, at: offset + 3)
                statement.bind(row.record.event, at: offset + 4)
                statement.bind(row.record.via, at: offset + 5)
                statement.bind(row.record.touch, at: offset + 6)
                statement.bind(row.line, at: offset + 7)
            },
            describe: { "\($0.record), line \($0.line)" })
        frames = try BatchedInsert(
            db, table: "frame", columns: ["session_id", "t_ns", "line"],
            bind: { statement, row, offset in
                statement.bind(row.sessionID, at: offset + 1)
                statement.bind(row.record.timeNanos, at: offset + 2)
                statement.bind(row.line, at: offset + 3)
            },
            describe: { "\($0.record), line \($0.line)" })
    }

    /// Writes the rows still waiting in the batches.
    func finish() throws {
        try touches.finish(db)
        try samples.finish(db)
        try transitions.finish(db)
        try deliveries.finish(db)
        try frames.finish(db)
    }

    var sessionCount: Int { sessionRowIDs.count }

    func insert(_ record: TraceRecord, line: Int) throws {
        switch record {
        case .session(let session): try insert(session, line: line)
        case .touch(let touch): try insert(touch, line: line)
        case .transition(let transition): try insert(transition, line: line)
        case .delivery(let delivery): try insert(delivery, line: line)
        case .frame(let frame): try insert(frame, line: line)
        }
    }

    /// The reader has already refused records of undeclared sessions, so a
    /// miss here is a bug, reported rather than trapped.
    private func sessionRowID(_ session: String, line: Int) throws -> Int64 {
        guard let rowID = sessionRowIDs[session] else {
            throw StoreError("line \(line): session \"\(session)\" reached the store undeclared (a gesturelab bug)")
        }
        return rowID
    }

    private func insert(_ session: SessionRecord, line: Int) throws {
        try db.execute(
            sql: """
                INSERT INTO session (capture_id, session, experiment, variant, device_model, device_os,
                                     screen_w, screen_h, screen_scale, started_at, line)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [captureID, session.id, session.experiment, session.variant,
                        session.device?.model, session.device?.os, session.device?.screenWidth,
                        session.device?.screenHeight, session.device?.scale, session.startedAt, line])
        let rowID = db.lastInsertedRowID
        sessionRowIDs[session.id] = rowID
        for (key, value) in session.config {
            let type = switch value {
            case .string: "string"
            case .number: "number"
            case .bool: "boolean"
            }
            try db.execute(
                sql: "INSERT INTO session_config (session_id, key, value, value_type) VALUES (?, ?, ?, ?)",
                arguments: [rowID, key, value.text, type])
        }
    }

    private func insert(_ touch: TouchRecord, line: Int) throws {
        let row = (sessionID: try sessionRowID(touch.session, line: line), record: touch, line: line)
        if touch.phase == .began {
            try touches.append(row, db)
        }
        try samples.append(row, db)
    }

    private func insert(_ transition: TransitionRecord, line: Int) throws {
        try transitions.append((try sessionRowID(transition.session, line: line), transition, line), db)
    }

    private func insert(_ delivery: DeliveryRecord, line: Int) throws {
        try deliveries.append((try sessionRowID(delivery.session, line: line), delivery, line), db)
    }

    private func insert(_ frame: FrameRecord, line: Int) throws {
        try frames.append((try sessionRowID(frame.session, line: line), frame, line), db)
    }
}
