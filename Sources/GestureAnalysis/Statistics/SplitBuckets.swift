/// Trials grouped by their probability of falling below a cut, a/M: the
/// sum of binomials with one probability is one binomial, so each group
/// costs one variate however many sessions share it.
///
/// Open addressing on the key (a, M); a generation stamp empties it in O(1).
struct SplitBuckets {
    private let keys: UnsafeMutableBufferPointer<UInt64>
    private let stamps: UnsafeMutableBufferPointer<UInt32>
    let trials: UnsafeMutableBufferPointer<Int>
    let successes: UnsafeMutableBufferPointer<Int>
    /// The slots in use, in the order they were made: the first `usedCount`.
    let used: UnsafeMutableBufferPointer<Int>
    private(set) var usedCount = 0
    private var stamp: UInt32 = 0
    private let mask: Int

    /// Room for `capacity` keys (one a drawn session at most).
    init(capacity: Int, owner: BufferOwner) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        keys = owner.make(size, 0)
        stamps = owner.make(size, 0)
        trials = owner.make(size, 0)
        successes = owner.make(size, 0)
        used = owner.make(size, 0)
        mask = size - 1
    }

    /// Empties the buckets.
    mutating func reset() {
        stamp &+= 1
        if stamp == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            stamp = 1
        }
        usedCount = 0
    }

    /// The slot of key (below, of), made if new.
    @inline(__always) mutating func slot(below: Int, of size: Int) -> Int {
        let key = UInt64(below) << 32 | UInt64(size)
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while true {
            if stamps[index] != stamp {
                stamps[index] = stamp
                keys[index] = key
                trials[index] = 0
                successes[index] = 0
                used[usedCount] = index
                usedCount += 1
                return index
            }
            if keys[index] == key { return index }
            index = (index + 1) & mask
        }
    }

    /// The probability a/M of the bucket in `slot`.
    func probability(_ slot: Int) -> Double {
        Double(keys[slot] >> 32) / Double(keys[slot] & 0xFFFF_FFFF)
    }
}
