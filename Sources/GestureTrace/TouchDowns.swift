/// Every touch-down of a capture so far, by session and touch id, in about
/// 16 bytes a touch.
///
/// Reading checks each later record of a touch against its down for the
/// whole capture, so one entry per touch stays until the end. A dictionary
/// of (session, touch) keys cost far more a touch, and twice as much again
/// while it grew: on a large capture it lifted the import's peak memory
/// past the 100 MB it is meant to keep to. Recorders number a session's
/// touches 1, 2, 3…, so each session keeps its downs in an array indexed
/// from its first touch id; ids far from that run (or beyond Int64
/// arithmetic) go to a dictionary, so any numbering stays correct.
///
///     var downs = TouchDowns()
///     downs[session: 0, touch: 1] = TouchDowns.Down(nanos: 5, line: 3)
///     downs[session: 0, touch: 1]?.line   // 3
struct TouchDowns {
    struct Down: Equatable {
        var nanos: Int64
        /// Line numbers start at 1; 0 marks an empty slot.
        var line: Int
    }

    /// How far past a session's run of ids a new id may be and still extend
    /// it (empty slots cost 16 bytes each).
    static let largestGap: Int64 = 4_096

    private struct Session {
        var firstTouch: Int64
        /// The down of `firstTouch` (line 0 for none yet): a session of one
        /// touch keeps it without an array of its own: an allocation a
        /// session, which counts in a capture of many short ones.
        var first: Down
        /// The downs of `firstTouch + 1`, `firstTouch + 2`, ….
        var slots: [Down]
        var scattered: [Int64: Down] = [:]

        var isEmpty: Bool { first.line == 0 && slots.isEmpty && scattered.isEmpty }

        /// The place of `touch` counted from `firstTouch`, if it is within
        /// the run of slots or may extend it.
        func offset(of touch: Int64) -> Int? {
            let (offset, overflow) = touch.subtractingReportingOverflow(firstTouch)
            guard !overflow, offset >= 0, offset <= Int64(slots.count) + TouchDowns.largestGap else { return nil }
            return Int(offset)
        }

        func down(of touch: Int64) -> Down? {
            if let offset = offset(of: touch), offset <= slots.count {
                let down = offset == 0 ? first : slots[offset - 1]
                if down.line != 0 { return down }
                // An id kept apart while it was far from the run stays
                // there when the run later grows over it.
                return scattered.isEmpty ? nil : scattered[touch]
            }
            return scattered[touch]
        }

        mutating func set(_ down: Down, touch: Int64) {
            guard let offset = offset(of: touch) else {
                scattered[touch] = down
                return
            }
            if offset == 0 {
                first = down
                return
            }
            if offset > slots.count {
                slots.append(contentsOf: repeatElement(Down(nanos: 0, line: 0), count: offset - slots.count))
            }
            slots[offset - 1] = down
        }
    }

    /// By session number: the reader numbers sessions 0, 1, 2… as the
    /// capture declares them, so an array holds them in 40 bytes each, less
    /// than half what a dictionary entry took, which counts on captures of
    /// many short sessions.
    /// A session with no touch yet has no down.
    private var sessions: [Session] = []

    subscript(session session: Int, touch touch: Int64) -> Down? {
        get { session >= 0 && session < sessions.count ? sessions[session].down(of: touch) : nil }
        set {
            guard let newValue, newValue.line > 0 else { preconditionFailure("a touch-down has a line and is never forgotten") }
            precondition(session >= 0, "sessions are numbered from 0")
            if session >= sessions.count {
                sessions.append(contentsOf: repeatElement(Session(firstTouch: 0, first: Down(nanos: 0, line: 0), slots: []),
                                                          count: session - sessions.count + 1))
            }
            if sessions[session].isEmpty {
                sessions[session] = Session(firstTouch: touch, first: newValue, slots: [])
            } else {
                // In place: the session's arrays are not copied.
                sessions[session].set(newValue, touch: touch)
            }
        }
    }
}
