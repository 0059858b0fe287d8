/// Checks that each touch has one `began` and that none of its records is
/// earlier than it, when records may come in any order.
///
/// State per touch is its down time and line (``TouchDowns``, about 16 bytes). A touch's other records that
/// arrive before its `began` are held until it comes: captures written in
/// time order (the normal case) hold nothing, and only such out-of-order
/// records cost memory. In a shuffled capture that is a large share of all
/// its touch records (52 of a 94 MB heap at 4 M records), so beyond
/// `inMemoryBudget` of them they go to a temporary file
/// (``HeldRecordSpill``), and the memory they take stays flat however large
/// the capture.
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

    /// Held records kept in memory before the rest go to the spill file: at
    /// about 150 bytes each, 65,536 of them take about 10 MB. A partly
    /// shuffled capture (a few touches out of place) stays within it and
    /// never touches the disk; a fully shuffled one pays a write and a read
    /// per record beyond it.
    static let inMemoryBudget = 65_536

    /// The held records of one touch: the first in memory, the later ones in
    /// the spill file as a chain from the last back, each record there
    /// pointing at the one before it.
    private struct Pending {
        var inMemory: [Held] = []
        /// The touch's session id, which spilled records do not store.
        var session: String
        /// The line of its first held record.
        var firstLine: Int
        /// The offset of its last spilled record, nil while none is.
        var lastSpilled: Int64?
        var spilledCount = 0
    }

    private var downs = TouchDowns()
    private var held: [Key: Pending] = [:]
    private(set) var heldCount = 0
    private let budget: Int
    private var inMemoryCount = 0
    /// Made when the budget is first exceeded; nil for a capture in time order.
    private var spill: HeldRecordSpill?
    /// Held records in the spill file now (tests check that spilling happened).
    private(set) var spilledCount = 0

    /// `budget` is the count of held records kept in memory; tests make it
    /// tiny to spill a small capture.
    init(inMemoryBudget budget: Int = Self.inMemoryBudget) {
        self.budget = budget
    }

    /// The `began` of this touch seen so far, if any.
    func down(of key: Key) -> Down? {
        downs[session: key.session, touch: key.touch]
    }

    /// Records a `began`; returns the touch's held records, in file order,
    /// for the caller to check against its time. Fails with the first began
    /// when there already is one; throws when the spill file fails.
    mutating func admitBegan(_ key: Key, nanos: Int64, line: Int)
        throws(HeldRecordSpill.Failure) -> Result<[Held], DuplicateBegan> {
        if let existing = downs[session: key.session, touch: key.touch] {
            return .failure(DuplicateBegan(first: existing))
        }
        downs[session: key.session, touch: key.touch] = Down(nanos: nanos, line: line)
        guard heldCount > 0, let pending = held.removeValue(forKey: key) else { return .success([]) }
        return .success(try release(pending))
    }

    struct DuplicateBegan: Error {
        var first: Down
    }

    mutating func admit(_ record: TouchRecord, key: Key, line: Int, text: [UInt8]) throws(HeldRecordSpill.Failure) -> Verdict {
        guard let down = downs[session: key.session, touch: key.touch] else {
            try hold(record, key: key, line: line, text: text)
            return .hold
        }
        return record.timeNanos >= down.nanos ? .accept : .tooEarly(down)
    }

    private mutating func hold(_ record: TouchRecord, key: Key, line: Int, text: [UInt8]) throws(HeldRecordSpill.Failure) {
        if inMemoryCount < budget {
            held[key, default: Pending(session: record.session, firstLine: line)]
                .inMemory.append(Held(record: record, line: line, text: text))
            inMemoryCount += 1
        } else {
            if spill == nil { spill = try HeldRecordSpill() }
            var pending = held[key] ?? Pending(session: record.session, firstLine: line)
            pending.lastSpilled = try spill!.append(record, line: line, text: text, previous: pending.lastSpilled)
            pending.spilledCount += 1
            held[key] = pending
            spilledCount += 1
        }
        heldCount += 1
    }

    /// A touch's held records, in file order: those in memory merged by line
    /// with those read back from the spill (records that went to memory
    /// again after a release freed room come later than spilled ones).
    private mutating func release(_ pending: Pending) throws(HeldRecordSpill.Failure) -> [Held] {
        heldCount -= pending.inMemory.count + pending.spilledCount
        inMemoryCount -= pending.inMemory.count
        guard let last = pending.lastSpilled, let spill else { return pending.inMemory }
        let spilled = try spill.chain(endingAt: last, session: pending.session)
        spilledCount -= pending.spilledCount
        if spilledCount == 0 {
            try spill.removeAll()
        }
        if pending.inMemory.isEmpty { return spilled }
        var merged: [Held] = []
        merged.reserveCapacity(pending.inMemory.count + spilled.count)
        var memoryIndex = 0
        var spillIndex = 0
        while memoryIndex < pending.inMemory.count && spillIndex < spilled.count {
            if pending.inMemory[memoryIndex].line < spilled[spillIndex].line {
                merged.append(pending.inMemory[memoryIndex])
                memoryIndex += 1
            } else {
                merged.append(spilled[spillIndex])
                spillIndex += 1
            }
        }
        merged += pending.inMemory[memoryIndex...]
        merged += spilled[spillIndex...]
        return merged
    }

    /// The smallest line number among held records, if any is held.
    var firstHeldLine: Int? {
        guard heldCount > 0 else { return nil }
        return held.values.lazy.map(\.firstLine).min()
    }

    /// Removes and returns every held record (touches that never got a
    /// `began`), in file order.
    mutating func drainHeld() throws(HeldRecordSpill.Failure) -> [Held] {
        var all: [Held] = []
        for pending in held.values {
            all += try release(pending)
        }
        held.removeAll()
        return all.sorted { $0.line < $1.line }
    }
}
