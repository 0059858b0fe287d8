/// Checks that each touch has one `began` and that none of its records is
/// earlier than it, when records may come in any order.
///
/// State per touch is its down time and line (``TouchDowns``, about 16 bytes). A touch's other records that
/// arrive before its `began` are held until it comes: captures written in
/// time order (the normal case) hold nothing, and only such out-of-order
/// records cost memory.
struct TouchOrderTracker {
    struct Key: Hashable {
        var session: Int
        var touch: Int64
    }

    typealias Down = TouchDowns.Down

    /// A record of a touch whose `began` has not been seen yet.
    struct Held {
        var record: TouchRecord
        var line: Int
        /// The raw line, kept only when rejections must show it.
        var text: [UInt8]
    }

    /// What to do with a touch record that is not a `began`.
    enum Verdict {
        case accept
        case hold
        case tooEarly(Down)
    }

    private var downs = TouchDowns()
    private var held: [Key: [Held]] = [:]
    private(set) var heldCount = 0

    /// The `began` of this touch seen so far, if any.
    func down(of key: Key) -> Down? {
        downs[session: key.session, touch: key.touch]
    }

    /// Records a `began`; returns the touch's held records, in file order,
    /// for the caller to check against its time. Fails with the first began
    /// when there already is one.
    mutating func admitBegan(_ key: Key, nanos: Int64, line: Int) -> Result<[Held], DuplicateBegan> {
        if let existing = downs[session: key.session, touch: key.touch] {
            return .failure(DuplicateBegan(first: existing))
        }
        downs[session: key.session, touch: key.touch] = Down(nanos: nanos, line: line)
        guard heldCount > 0, let released = held.removeValue(forKey: key) else { return .success([]) }
        heldCount -= released.count
        return .success(released)
    }

    struct DuplicateBegan: Error {
        var first: Down
    }

    mutating func admit(_ record: TouchRecord, key: Key, line: Int, text: [UInt8]) -> Verdict {
        guard let down = downs[session: key.session, touch: key.touch] else {
            held[key, default: []].append(Held(record: record, line: line, text: text))
            heldCount += 1
            return .hold
        }
        return record.timeNanos >= down.nanos ? .accept : .tooEarly(down)
    }

    /// The smallest line number among held records, if any is held.
    var firstHeldLine: Int? {
        guard heldCount > 0 else { return nil }
        return held.values.compactMap { $0.first?.line }.min()
    }

    /// Removes and returns every held record (touches that never got a
    /// `began`), in file order.
    mutating func drainHeld() -> [Held] {
        let all = held.values.flatMap { $0 }.sorted { $0.line < $1.line }
        held.removeAll()
        heldCount = 0
        return all
    }
}
