import GRDB
import GestureTrace

/// Writes one capture's validated records into the store.
///
/// Sessions are rare and go through GRDB's ordinary API; the per-sample
/// records reuse one prepared statement each, bound directly.
final class RecordInserter {
    private let db: Database
    private let captureID: Int64
    /// Session id in the capture → `session.id` in the store.
    private var sessionRowIDs: [String: Int64] = [:]

    private let insertTouch: BoundStatement
    private let insertSample: BoundStatement
    private let insertTransition: BoundStatement
    private let insertDelivery: BoundStatement
    private let insertFrame: BoundStatement

    init(_ db: Database, captureID: Int64) throws {
        self.db = db
        self.captureID = captureID
        insertTouch = try BoundStatement(db, sql: """
            INSERT INTO touch (session_id, touch, down_ns, x, y, kind, line) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertSample = try BoundStatement(db, sql: """
            INSERT INTO touch_sample (session_id, touch, t_ns, phase, x, y, radius, force, kind, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertTransition = try BoundStatement(db, sql: """
            INSERT INTO transition (session_id, recognizer, to_state, t_ns, from_state, class, touch, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertDelivery = try BoundStatement(db, sql: """
            INSERT INTO delivery (session_id, t_ns, target, event, via, touch, line) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertFrame = try BoundStatement(db, sql: """
            INSERT INTO frame (session_id, t_ns, line) VALUES (?, ?, ?)
            """)
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
        let sessionID = try sessionRowID(touch.session, line: line)
        if touch.phase == .began {
            insertTouch.bind(sessionID, at: 1)
            insertTouch.bind(touch.touch, at: 2)
            insertTouch.bind(touch.timeNanos, at: 3)
            insertTouch.bind(touch.x, at: 4)
            insertTouch.bind(touch.y, at: 5)
            insertTouch.bind(touch.kind?.rawValue, at: 6)
            insertTouch.bind(line, at: 7)
            try insertTouch.execute(db, arguments: "session \(touch.session), touch \(touch.touch), line \(line)")
        }
        insertSample.bind(sessionID, at: 1)
        insertSample.bind(touch.touch, at: 2)
        insertSample.bind(touch.timeNanos, at: 3)
        insertSample.bind(touch.phase.rawValue, at: 4)
        insertSample.bind(touch.x, at: 5)
        insertSample.bind(touch.y, at: 6)
        insertSample.bind(touch.radius, at: 7)
        insertSample.bind(touch.force, at: 8)
        insertSample.bind(touch.kind?.rawValue, at: 9)
        insertSample.bind(line, at: 10)
        try insertSample.execute(db, arguments: "\(touch), line \(line)")
    }

    private func insert(_ transition: TransitionRecord, line: Int) throws {
        insertTransition.bind(try sessionRowID(transition.session, line: line), at: 1)
        insertTransition.bind(transition.recognizer, at: 2)
        insertTransition.bind(transition.to.rawValue, at: 3)
        insertTransition.bind(transition.timeNanos, at: 4)
        insertTransition.bind(transition.from?.rawValue, at: 5)
        insertTransition.bind(transition.recognizerClass, at: 6)
        insertTransition.bind(transition.touch, at: 7)
        insertTransition.bind(line, at: 8)
        try insertTransition.execute(db, arguments: "\(transition), line \(line)")
    }

    private func insert(_ delivery: DeliveryRecord, line: Int) throws {
        insertDelivery.bind(try sessionRowID(delivery.session, line: line), at: 1)
        insertDelivery.bind(delivery.timeNanos, at: 2)
        insertDelivery.bind(delivery.target, at: 3)
        insertDelivery.bind(delivery.event, at: 4)
        insertDelivery.bind(delivery.via, at: 5)
        insertDelivery.bind(delivery.touch, at: 6)
        insertDelivery.bind(line, at: 7)
        try insertDelivery.execute(db, arguments: "\(delivery), line \(line)")
    }

    private func insert(_ frame: FrameRecord, line: Int) throws {
        insertFrame.bind(try sessionRowID(frame.session, line: line), at: 1)
        insertFrame.bind(frame.timeNanos, at: 2)
        insertFrame.bind(line, at: 3)
        try insertFrame.execute(db, arguments: "\(frame), line \(line)")
    }
}
