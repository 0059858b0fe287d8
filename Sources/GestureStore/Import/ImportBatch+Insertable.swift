import GestureTrace

// The column lists mirror Migrations/0001_initial.sql, 0002_derived_latencies.sql
// and 0003_stored_regions.sql.

extension TouchSampleRow: InsertableRow {
    static let table = "touch_sample"
    static let columns = ["session_id", "touch", "t_ns", "phase", "x", "y", "radius", "force", "kind", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(timeNanos, at: offset + 3)
        statement.bind(phase.text, at: offset + 4)
        statement.bind(x, at: offset + 5)
        statement.bind(y, at: offset + 6)
        statement.bind(radius, at: offset + 7)
        statement.bind(force, at: offset + 8)
        statement.bind(kind?.text, at: offset + 9)
        statement.bind(line, at: offset + 10)
    }
}

extension TouchDownRow: InsertableRow {
    static let table = "touch"
    static let columns = ["session_id", "touch", "down_ns", "x", "y", "kind", "line", "region", "hit"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(sample.session), at: offset + 1)
        statement.bind(sample.touch, at: offset + 2)
        statement.bind(sample.timeNanos, at: offset + 3)
        statement.bind(sample.x, at: offset + 4)
        statement.bind(sample.y, at: offset + 5)
        statement.bind(sample.kind?.text, at: offset + 6)
        statement.bind(sample.line, at: offset + 7)
        statement.bind(region?.text, at: offset + 8)
        statement.bind(text: hit, in: context, at: offset + 9)
    }
}

extension TargetRow: InsertableRow {
    static let table = "target"
    static let columns = ["session_id", "target", "t_ns", "x", "y", "w", "h", "hit_x", "hit_y", "hit_w", "hit_h",
                          "class", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(text: target, in: context, at: offset + 2)
        statement.bind(timeNanos, at: offset + 3)
        statement.bind(frame.x, at: offset + 4)
        statement.bind(frame.y, at: offset + 5)
        statement.bind(frame.width, at: offset + 6)
        statement.bind(frame.height, at: offset + 7)
        statement.bind(hitArea?.x, at: offset + 8)
        statement.bind(hitArea?.y, at: offset + 9)
        statement.bind(hitArea?.width, at: offset + 10)
        statement.bind(hitArea?.height, at: offset + 11)
        statement.bind(text: targetClass, in: context, at: offset + 12)
        statement.bind(line, at: offset + 13)
    }
}

extension TouchStartRow: InsertableRow {
    static let table = "touch_start"
    static let columns = ["session_id", "touch", "target", "start_event", "start_ns", "start_line", "cancel_event",
                          "cancel_ns", "cancel_line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(text: target, in: context, at: offset + 3)
        statement.bind(text: startEvent, in: context, at: offset + 4)
        statement.bind(startNanos, at: offset + 5)
        statement.bind(startLine, at: offset + 6)
        statement.bind(text: cancelEvent, in: context, at: offset + 7)
        statement.bind(cancelNanos, at: offset + 8)
        statement.bind(cancelLine.map(Int64.init), at: offset + 9)
    }
}

extension TransitionRow: InsertableRow {
    static let table = "transition"
    static let columns = ["session_id", "recognizer", "to_state", "t_ns", "from_state", "class", "touch", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(text: recognizer, in: context, at: offset + 2)
        statement.bind(to.text, at: offset + 3)
        statement.bind(timeNanos, at: offset + 4)
        statement.bind(from?.text, at: offset + 5)
        statement.bind(text: recognizerClass, in: context, at: offset + 6)
        statement.bind(touch, at: offset + 7)
        statement.bind(line, at: offset + 8)
    }
}

extension DeliveryRow: InsertableRow {
    static let table = "delivery"
    static let columns = ["session_id", "t_ns", "target", "event", "via", "touch", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(timeNanos, at: offset + 2)
        statement.bind(text: target, in: context, at: offset + 3)
        statement.bind(text: event, in: context, at: offset + 4)
        statement.bind(text: via, in: context, at: offset + 5)
        statement.bind(touch, at: offset + 6)
        statement.bind(line, at: offset + 7)
    }
}

extension FrameRow: InsertableRow {
    static let table = "frame"
    static let columns = ["session_id", "t_ns", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(timeNanos, at: offset + 2)
        statement.bind(line, at: offset + 3)
    }
}

extension ResponseRow: InsertableRow {
    static let table = "response"
    static let columns = ["session_id", "touch", "target", "event", "via", "t_ns", "down_ns", "latency_ns", "line",
                          "region"]
    /// The earliest delivery wins; at equal times, the earlier line.
    static let conflictClause = """
        ON CONFLICT (session_id, touch, target, event, via) DO UPDATE
        SET t_ns = excluded.t_ns, latency_ns = excluded.latency_ns, line = excluded.line
        WHERE (excluded.t_ns, excluded.line) < (response.t_ns, response.line)
        """

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(text: target, in: context, at: offset + 3)
        statement.bind(text: event, in: context, at: offset + 4)
        statement.bind(text: via, in: context, at: offset + 5)
        statement.bind(timeNanos, at: offset + 6)
        statement.bind(downNanos, at: offset + 7)
        statement.bind(timeNanos - downNanos, at: offset + 8)
        statement.bind(line, at: offset + 9)
        statement.bind(region?.text, at: offset + 10)
    }
}

extension RecognitionRow: InsertableRow {
    static let table = "recognition"
    static let columns = ["session_id", "touch", "recognizer", "class", "state", "t_ns", "down_ns", "latency_ns", "line",
                          "region"]
    /// The earliest transition wins; at equal times, the earlier line.
    static let conflictClause = """
        ON CONFLICT (session_id, touch, recognizer) DO UPDATE
        SET class = excluded.class, state = excluded.state, t_ns = excluded.t_ns,
            latency_ns = excluded.latency_ns, line = excluded.line
        WHERE (excluded.t_ns, excluded.line) < (recognition.t_ns, recognition.line)
        """

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(text: recognizer, in: context, at: offset + 3)
        statement.bind(text: recognizerClass, in: context, at: offset + 4)
        statement.bind(state.text, at: offset + 5)
        statement.bind(timeNanos, at: offset + 6)
        statement.bind(downNanos, at: offset + 7)
        statement.bind(timeNanos - downNanos, at: offset + 8)
        statement.bind(line, at: offset + 9)
        statement.bind(region?.text, at: offset + 10)
    }
}

extension DispatchRow: InsertableRow {
    static let table = "dispatch"
    static let columns = ["session_id", "t_ns", "line", "target", "event", "via", "touch", "transition_ns", "latency_ns",
                          "region"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(timeNanos, at: offset + 2)
        statement.bind(line, at: offset + 3)
        statement.bind(text: target, in: context, at: offset + 4)
        statement.bind(text: event, in: context, at: offset + 5)
        statement.bind(text: via, in: context, at: offset + 6)
        statement.bind(touch, at: offset + 7)
        statement.bind(transitionNanos, at: offset + 8)
        statement.bind(timeNanos - transitionNanos, at: offset + 9)
        statement.bind(region?.text, at: offset + 10)
    }
}

extension OrphanRow: InsertableRow {
    static let table = "session_orphans"
    static let columns = ["session_id", "orphan_deliveries", "orphan_transitions"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(deliveries, at: offset + 2)
        statement.bind(transitions, at: offset + 3)
    }
}

// The stored spellings, as literals SQLite may point at without copying.

extension TouchPhase {
    var text: StaticString {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

extension TouchKind {
    var text: StaticString {
        switch self {
        case .direct: "direct"
        case .pencil: "pencil"
        case .indirect: "indirect"
        }
    }
}

extension RecognizerState {
    var text: StaticString {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .recognized: "recognized"
        }
    }
}
