/// Checks that a touch-down's `hit` names a target its session declares,
/// when records may come in any order.
///
/// State per session is the set of its declared target ids, each a pair of
/// numbers: the session's and the id's, an id numbered once for the whole
/// capture. A list whose rows are re-declared in every session then costs
/// 8 bytes a row a session, not a copy of the row's id: such copies made
/// a large share of the import's memory on list captures.
///
/// A `began` whose `hit` names a target not declared yet is held, with its
/// touch's other records (the touch has no `began` until it is released),
/// until a `target` record of that id arrives; at the end of the capture it
/// is refused. Captures that declare their targets before the touches that
/// hit them (recorders do) hold nothing.
struct HitTargetTracker {
    struct TargetKey: Hashable {
        var session: Int
        /// The target id's bytes: ids are compared byte for byte, as the
        /// store compares them, not by Swift's canonical equivalence.
        var target: [UInt8]
    }

    /// A `began` waiting for its `hit` target to be declared.
    struct Held {
        var record: TouchRecord
        var session: Int
        var line: Int
        /// The raw line, kept only when rejections must show it.
        var text: [UInt8]
    }

    /// Every target id declared in any session, numbered in order of first
    /// declaration, compared byte for byte.
    private var targetNumbers = ByteStringTable()
    /// (session, target number) of each declaration, as `session << 32 | number`.
    private var declared: Set<UInt64> = []
    private var held: [TargetKey: [Held]] = [:]
    /// The touches whose `began` is held, by line, to refuse a second one.
    private var heldTouches: [TouchOrderTracker.Key: Int] = [:]

    var isHolding: Bool { !heldTouches.isEmpty }

    static func key(session: Int, target: String) -> TargetKey {
        TargetKey(session: session, target: Array(target.utf8))
    }

    /// Notes a declared target; returns the `began`s waiting for it, in file order.
    mutating func declare(session: Int, target: String) -> [Held] {
        var bytes = target
        let number = bytes.withUTF8 { bytes in
            // The table holds up to Int32.max - 1 ids; `declaration` needs 32 bits.
            targetNumbers.index(of: bytes) ?? targetNumbers.insert(bytes)!
        }
        guard declared.insert(Self.declaration(session: session, number: number)).inserted, !held.isEmpty,
              let released = held.removeValue(forKey: Self.key(session: session, target: target)) else {
            return []
        }
        for began in released {
            heldTouches[TouchOrderTracker.Key(session: began.session, touch: began.record.touch)] = nil
        }
        return released
    }

    /// Whether `hit` needs no waiting: absent, `""`, or a declared target.
    func isSettled(_ hit: String?, session: Int) -> Bool {
        guard let hit, !hit.isEmpty else { return true }
        var bytes = hit
        guard let number = bytes.withUTF8({ targetNumbers.index(of: $0) }) else { return false }
        return declared.contains(Self.declaration(session: session, number: number))
    }

    /// Sessions are numbered in the order the capture declares them, so a
    /// session number fits in 32 bits as a target number does (4 billion
    /// distinct ids would be a capture of hundreds of gigabytes).
    private static func declaration(session: Int, number: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: session) << 32 | UInt64(truncatingIfNeeded: number)
    }

    /// The line of the held `began` of this touch, if one is held.
    func heldLine(of touch: TouchOrderTracker.Key) -> Int? {
        heldTouches[touch]
    }

    mutating func hold(_ began: Held) {
        held[Self.key(session: began.session, target: began.record.hit!), default: []].append(began)
        heldTouches[TouchOrderTracker.Key(session: began.session, touch: began.record.touch)] = began.line
    }

    /// The smallest line among held `began`s, if any is held.
    var firstHeldLine: Int? {
        heldTouches.values.min()
    }

    /// Removes and returns every held `began` (its target never came), in file order.
    mutating func drainHeld() -> [Held] {
        let all = held.values.flatMap { $0 }.sorted { $0.line < $1.line }
        held.removeAll()
        heldTouches.removeAll()
        return all
    }
}
