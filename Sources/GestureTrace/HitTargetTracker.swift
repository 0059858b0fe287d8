/// Checks that a touch-down's `hit` names a target its session declares,
/// when records may come in any order.
///
/// State per session is the set of its declared target ids. A `began` whose
/// `hit` names a target not declared yet is held, with its touch's other
/// records (the touch has no `began` until it is released), until a
/// `target` record of that id arrives; at the end of the capture it is
/// refused. Captures that declare their targets before the touches that
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

    private var declared: Set<TargetKey> = []
    private var held: [TargetKey: [Held]] = [:]
    /// The touches whose `began` is held, by line, to refuse a second one.
    private var heldTouches: [TouchOrderTracker.Key: Int] = [:]

    var isHolding: Bool { !heldTouches.isEmpty }

    static func key(session: Int, target: String) -> TargetKey {
        TargetKey(session: session, target: Array(target.utf8))
    }

    /// Notes a declared target; returns the `began`s waiting for it, in file order.
    mutating func declare(session: Int, target: String) -> [Held] {
        let key = Self.key(session: session, target: target)
        guard declared.insert(key).inserted, !held.isEmpty, let released = held.removeValue(forKey: key) else {
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
        return declared.contains(Self.key(session: session, target: hit))
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
