/// Which keys have been stored, remembered in fixed memory the way a Bloom
/// filter does: "never stored" is always right, "maybe stored" may be wrong.
///
/// The derived tables keep the earliest latency of each key, and a row that
/// may meet an earlier one of its key must go in as an upsert. An upsert's
/// `DO UPDATE` can fail halfway, so SQLite journals every page each such
/// statement touches, a cost paid in full on a capture whose keys are all
/// new. With this filter only the rows it cannot clear pay for that; a
/// wrong "maybe" costs an upsert, never a wrong row.
///
///     var stored = StoredKeyFilter()
///     stored.insert("a")   // false: surely new
///     stored.insert("a")   // true: maybe stored
struct StoredKeyFilter {
    /// 2²³ bits, 1 MiB. Two bits a key: at the 500,000 response keys of a
    /// 12 M-record capture about 1.3 % of new keys are taken for stored.
    static let defaultBits = 1 << 23

    private var words: [UInt64]
    private let mask: UInt64

    /// - Parameter bits: a power of two, at least 64.
    init(bits: Int = Self.defaultBits) {
        precondition(bits >= 64 && bits & (bits - 1) == 0, "StoredKeyFilter needs a power of two of bits")
        words = Array(repeating: 0, count: bits / 64)
        mask = UInt64(bits - 1)
    }

    /// Notes `key` as stored; whether it may have been stored before.
    mutating func insert<Key: Hashable>(_ key: Key) -> Bool {
        insert(hash: UInt64(bitPattern: Int64(key.hashValue)))
    }

    /// Notes a key by a 64-bit hash of it the caller has at hand (its bits
    /// must all depend on the key); whether it may have been stored before.
    mutating func insert(hash: UInt64) -> Bool {
        // Two probes from the two halves of one 64-bit hash.
        let first = hash & mask
        let second = (hash >> 32 | hash << 32) & mask
        let seen = test(first) && test(second)
        set(first)
        set(second)
        return seen
    }

    @inline(__always)
    private func test(_ bit: UInt64) -> Bool {
        words[Int(bit >> 6)] & (1 << (bit & 63)) != 0
    }

    @inline(__always)
    private mutating func set(_ bit: UInt64) {
        words[Int(bit >> 6)] |= 1 << (bit & 63)
    }
}
