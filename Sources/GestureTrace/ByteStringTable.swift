#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A hash table from byte strings to Swift `String`s, looked up by bytes so
/// that a line's text is only turned into a `String` the first time it is seen.
///
/// The reader uses one for declared session ids (unbounded: every session
/// must be found again) and one to intern the short strings that repeat on
/// every line (targets, events, channels, recognizers), bounded by `limit` so
/// that a capture of all-distinct ids still reads in constant memory.
struct ByteStringTable {
    /// Entries in insertion order.
    private(set) var strings: [String] = []
    private var arena: [UInt8] = []
    private var offsets: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: entry index + 1, or 0 for an empty slot.
    private var slots: [Int32] = Array(repeating: 0, count: 64)
    private let limit: Int

    init(limit: Int = Int(Int32.max - 1)) {
        self.limit = limit
    }

    var count: Int { strings.count }

    /// The index of the entry equal to `bytes`, if any.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        index(of: bytes, hash: Self.hash(bytes))
    }

    private func index(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let entry = stored - 1
            if hashes[entry] == hash, equals(entry, bytes) { return entry }
            slot = (slot + 1) & mask
        }
    }

    /// Whether entry `entry` holds exactly `bytes`.
    func equals(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = offsets[entry]
        let length = offsets[entry + 1] - start
        guard length == bytes.count else { return false }
        if length == 0 { return true }
        return arena.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, bytes.baseAddress!, length) == 0 }
    }

    /// Adds `bytes` (which must not be present) and returns its index, or
    /// nil when the table is full.
    @discardableResult
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        insert(bytes, hash: Self.hash(bytes))
    }

    private mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard strings.count < limit else { return nil }
        if (strings.count + 1) * 2 > slots.count { grow() }
        let entry = strings.count
        strings.append(String(decoding: bytes, as: UTF8.self))
        arena.append(contentsOf: bytes)
        offsets.append(arena.count)
        hashes.append(hash)
        place(entry, hash: hash)
        return entry
    }

    /// The shared `String` for `bytes`, creating it on first sight.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let hash = Self.hash(bytes)
        if let entry = index(of: bytes, hash: hash) { return strings[entry] }
        if let entry = insert(bytes, hash: hash) { return strings[entry] }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for entry in 0..<strings.count {
            place(entry, hash: hashes[entry])
        }
    }

    /// The slot hash of a name: ``ByteHash``, which the store's deriver
    /// also uses for the texts it keys by.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.of(UnsafeRawBufferPointer(bytes))
    }
}
