import GestureTrace

// The column lists mirror the `stored_*` tables of Migrations/0008_interned_names.sql:
// every name is bound as its key in `name` (`BindContext.nameKey`). The derived
// rows store a latency but not the down or transition time it was measured
// from (Migrations/0011_derived_times_computed.sql): the views compute it.

extension TouchSampleRow: InsertableRow {
    static let table = "stored_touch_sample"
    static let columns = ["session_id", "touch", "t_ns", "phase_id", "x", "y", "radius", "force", "kind_id", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(timeNanos, at: offset + 3)
        statement.bind(context.nameKey(phase.text), at: offset + 4)
        statement.bind(x, at: offset + 5)
        statement.bind(y, at: offset + 6)
        statement.bind(radius, at: offset + 7)
        statement.bind(force, at: offset + 8)
        statement.bind(context.nameKey(kind?.text), at: offset + 9)
        statement.bind(line, at: offset + 10)
    }
}

extension TouchDownRow: InsertableRow {
    static let table = "stored_touch"
    static let columns = ["session_id", "touch", "down_ns", "x", "y", "kind_id", "line", "region_id", "hit_id"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(sample.session), at: offset + 1)
        statement.bind(sample.touch, at: offset + 2)
        statement.bind(sample.timeNanos, at: offset + 3)
        statement.bind(sample.x, at: offset + 4)
        statement.bind(sample.y, at: offset + 5)
        statement.bind(context.nameKey(sample.kind?.text), at: offset + 6)
        statement.bind(sample.line, at: offset + 7)
        statement.bind(context.nameKey(region?.text), at: offset + 8)
        statement.bind(context.nameKey(hit), at: offset + 9)
    }
}

extension TargetRow: InsertableRow {
    static let table = "stored_target"
    static let columns = ["session_id", "target_id", "t_ns", "x", "y", "w", "h", "hit_x", "hit_y", "hit_w", "hit_h",
                          "class_id", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(context.nameKey(target), at: offset + 2)
        statement.bind(timeNanos, at: offset + 3)
        statement.bind(frame.x, at: offset + 4)
        statement.bind(frame.y, at: offset + 5)
        statement.bind(frame.width, at: offset + 6)
        statement.bind(frame.height, at: offset + 7)
        statement.bind(hitArea?.x, at: offset + 8)
        statement.bind(hitArea?.y, at: offset + 9)
        statement.bind(hitArea?.width, at: offset + 10)
        statement.bind(hitArea?.height, at: offset + 11)
        statement.bind(context.nameKey(targetClass), at: offset + 12)
        statement.bind(line, at: offset + 13)
    }
}

extension TouchStartRow: InsertableRow {
    static let table = "stored_touch_start"
    static let columns = ["session_id", "touch", "target_id", "start_event_id", "start_ns", "start_line",
                          "cancel_event_id", "cancel_ns", "cancel_line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(context.nameKey(target), at: offset + 3)
        statement.bind(context.nameKey(startEvent), at: offset + 4)
        statement.bind(startNanos, at: offset + 5)
        statement.bind(startLine, at: offset + 6)
        statement.bind(context.nameKey(cancelEvent), at: offset + 7)
        statement.bind(cancelNanos, at: offset + 8)
        statement.bind(cancelLine.map(Int64.init), at: offset + 9)
    }
}

extension HeldStartRow: InsertableRow {
    static let table = HeldStartEvents.table
    static let columns = ["session_id", "touch", "target_id", "role", "t_ns", "event_id", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(context.nameKey(target), at: offset + 3)
        statement.bind(Int64(role.rawValue), at: offset + 4)
        statement.bind(timeNanos, at: offset + 5)
        statement.bind(context.nameKey(event), at: offset + 6)
        statement.bind(line, at: offset + 7)
    }
}

extension OutcomeRow: InsertableRow {
    static let table = "stored_outcome"
    static let columns = ["session_id", "touch", "target_id", "distance_pt", "inside_frame", "inside_hit_area",
                          "reached", "target_line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(context.nameKey(target), at: offset + 3)
        statement.bind(distance, at: offset + 4)
        statement.bind(insideFrame ? 1 : 0, at: offset + 5)
        statement.bind(insideHitArea ? 1 : 0, at: offset + 6)
        statement.bind(reached ? 1 : 0, at: offset + 7)
        statement.bind(targetLine, at: offset + 8)
    }
}

extension TransitionRow: InsertableRow {
    static let table = "stored_transition"
    static let columns = ["session_id", "recognizer_id", "to_state_id", "t_ns", "from_state_id", "class_id", "touch",
                          "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(context.nameKey(recognizer), at: offset + 2)
        statement.bind(context.nameKey(to.text), at: offset + 3)
        statement.bind(timeNanos, at: offset + 4)
        statement.bind(context.nameKey(from?.text), at: offset + 5)
        statement.bind(context.nameKey(recognizerClass), at: offset + 6)
        statement.bind(touch, at: offset + 7)
        statement.bind(line, at: offset + 8)
    }
}

extension DeliveryRow: InsertableRow {
    static let table = "stored_delivery"
    static let columns = ["session_id", "t_ns", "target_id", "event_id", "via_id", "touch", "line"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(timeNanos, at: offset + 2)
        statement.bind(context.nameKey(target), at: offset + 3)
        statement.bind(context.nameKey(event), at: offset + 4)
        statement.bind(context.nameKey(via), at: offset + 5)
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
    static let table = "stored_response"
    static let columns = ["session_id", "touch", "target_id", "event_id", "via_id", "t_ns", "latency_ns", "line",
                          "region_id"]
    /// The earliest delivery wins; at equal times, the earlier line.
    static let conflictClause = """
        ON CONFLICT (session_id, touch, target_id, event_id, via_id) DO UPDATE
        SET t_ns = excluded.t_ns, latency_ns = excluded.latency_ns, line = excluded.line
        WHERE (excluded.t_ns, excluded.line) < (stored_response.t_ns, stored_response.line)
        """

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(context.nameKey(target), at: offset + 3)
        statement.bind(context.nameKey(event), at: offset + 4)
        statement.bind(context.nameKey(via), at: offset + 5)
        statement.bind(timeNanos, at: offset + 6)
        statement.bind(timeNanos - downNanos, at: offset + 7)
        statement.bind(line, at: offset + 8)
        statement.bind(context.nameKey(region?.text), at: offset + 9)
    }
}

extension RecognitionRow: InsertableRow {
    static let table = "stored_recognition"
    static let columns = ["session_id", "touch", "recognizer_id", "class_id", "state_id", "t_ns", "latency_ns",
                          "line", "region_id"]
    /// The earliest transition wins; at equal times, the earlier line.
    static let conflictClause = """
        ON CONFLICT (session_id, touch, recognizer_id) DO UPDATE
        SET class_id = excluded.class_id, state_id = excluded.state_id, t_ns = excluded.t_ns,
            latency_ns = excluded.latency_ns, line = excluded.line
        WHERE (excluded.t_ns, excluded.line) < (stored_recognition.t_ns, stored_recognition.line)
        """

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(touch, at: offset + 2)
        statement.bind(context.nameKey(recognizer), at: offset + 3)
        statement.bind(context.nameKey(recognizerClass), at: offset + 4)
        statement.bind(context.nameKey(state.text), at: offset + 5)
        statement.bind(timeNanos, at: offset + 6)
        statement.bind(timeNanos - downNanos, at: offset + 7)
        statement.bind(line, at: offset + 8)
        statement.bind(context.nameKey(region?.text), at: offset + 9)
    }
}

extension DispatchRow: InsertableRow {
    static let table = "stored_dispatch"
    static let columns = ["session_id", "t_ns", "line", "target_id", "event_id", "via_id", "touch", "latency_ns",
                          "region_id"]

    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext) {
        statement.bind(context.sessionRowID(session), at: offset + 1)
        statement.bind(timeNanos, at: offset + 2)
        statement.bind(line, at: offset + 3)
        statement.bind(context.nameKey(target), at: offset + 4)
        statement.bind(context.nameKey(event), at: offset + 5)
        statement.bind(context.nameKey(via), at: offset + 6)
        statement.bind(touch, at: offset + 7)
        statement.bind(timeNanos - transitionNanos, at: offset + 8)
        statement.bind(context.nameKey(region?.text), at: offset + 9)
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
