#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string compared byte for byte, as SQLite's BINARY collation compares
/// the keys the derived tables are grouped by. Swift's `==` would equate
/// canonically equivalent spellings (`é` and `e` + U+0301) that SQLite
/// keeps apart.
///
/// The hash of the bytes is worked out once, when the text is made: the
/// deriver's keys hold several of these and are hashed a few times a
/// record, which then costs a word each, not a pass over every byte.
struct ExactText: Hashable {
    private(set) var string: String
    /// A 64-bit hash of the UTF-8 bytes; equal texts have equal ones.
    let bytesHash: UInt64

    init(_ string: String) {
        var string = string
        bytesHash = string.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }
        self.string = string
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        guard lhs.bytesHash == rhs.bytesHash else { return false }
        // `elementsEqual` walks the views index by index; the bytes of a
        // native string are contiguous, so one memcmp does (the keys are
        // mostly the reader's interned strings, often the very same storage).
        if let same = lhs.string.utf8.withContiguousStorageIfAvailable({ left in
            rhs.string.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count
                    && (left.count == 0 || left.baseAddress == right.baseAddress
                        || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }), let same {
            return same
        }
        return lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash)
    }

    /// A hash of `bytes`, eight at a time: a multiply-and-fold per word
    /// (the length seeds it, so a run of zero bytes still counts), then a
    /// final mix so every output bit depends on every input byte.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 32
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ tail) &* multiplier
            hash ^= hash >> 32
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
