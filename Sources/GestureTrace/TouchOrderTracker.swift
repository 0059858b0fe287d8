/// Checks that each touch has one `began` and that none of its records is
/// earlier than it, when records may come in any order.
///
/// State per touch is its down time and line (``TouchDowns``, about 16 bytes). A touch's other records that
/// arrive before its `began` are held until it comes: captures written in
/// time order (the normal case) hold nothing, and only such out-of-order
/// records cost memory. In a shuffled capture that is a large share of all
/// its touch records, most of the import's memory, so beyond
/// `inMemoryBudget` of them they go to a temporary file
/// (``HeldRecordSpill``): what they take in memory is then the budget and
/// 24 bytes for each touch still waiting for its `began`.
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
    /// about 140 bytes each, 16,384 of them take about 2.3 MB. A partly
    /// shuffled capture (a few touches out of place) stays within it and
    /// never touches the disk; a fully shuffled one pays a write and a read
    /// per record beyond it, and holds hundreds of thousands at 4 M records,
    /// so a larger budget would save it little time. A budget four times
    /// this one took the import of such a capture over the 100 MB it is
    /// meant to keep to.
    static let inMemoryBudget = 16_384

    /// The held records of one touch: those in memory, and those in the
    /// spill file as a chain from the last back, each record there pointing
    /// at the one before it. A shuffled capture has tens of thousands of
    /// touches pending at once, so this is kept to 24 bytes: the chain's
    /// length is learnt by reading it, the session id is kept per session.
    private struct Pending {
        var inMemory: [Held] = []
        /// The line of its first held record.
        var firstLine: Int
        /// The offset of its last spilled record; -1 while none is.
        var lastSpilled: Int64 = -1
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
    /// The id of each session with spilled records, by number, for the
    /// records read back (the spill does not store it).
    private var sessionIDs: [Int: String] = [:]

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
        return .success(try release(pending, of: key))
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
            held[key, default: Pending(firstLine: line)].inMemory.append(Held(record: record, line: line, text: text))
            inMemoryCount += 1
        } else {
            if spill == nil { spill = try HeldRecordSpill() }
            if sessionIDs[key.session] == nil { sessionIDs[key.session] = record.session }
            let previous = held[key]?.lastSpilled ?? -1
            let offset = try spill!.append(record, line: line, text: text, previous: previous < 0 ? nil : previous)
            held[key, default: Pending(firstLine: line)].lastSpilled = offset
            spilledCount += 1
        }
        heldCount += 1
    }

    /// A touch's held records, in file order: those in memory merged by line
    /// with those read back from the spill (records that went to memory
    /// again after a release freed room come later than spilled ones).
    private mutating func release(_ pending: Pending, of key: Key) throws(HeldRecordSpill.Failure) -> [Held] {
        heldCount -= pending.inMemory.count
        inMemoryCount -= pending.inMemory.count
        guard pending.lastSpilled >= 0, let spill else { return pending.inMemory }
        let spilled = try spill.chain(endingAt: pending.lastSpilled, session: sessionIDs[key.session] ?? "")
        heldCount -= spilled.count
        spilledCount -= spilled.count
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
        for (key, pending) in held {
            all += try release(pending, of: key)
        }
        held.removeAll()
        return all.sorted { $0.line < $1.line }
    }
}
