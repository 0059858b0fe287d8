#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureTrace

/// A string compared byte for byte, as SQLite's BINARY collation compares
/// the keys the derived tables are grouped by. Swift's `==` would equate
/// canonically equivalent spellings (`é` and `e` + U+0301) that SQLite
/// keeps apart.
///
/// The hash of the bytes is worked out once, when the text is made: the
/// deriver's keys hold several of these and are hashed a few times a
/// record, which then costs a word each, not a pass over every byte.
struct ExactText: MixedHashable {
    private(set) var string: String
    /// A 64-bit hash of the UTF-8 bytes; equal texts have equal ones.
    let bytesHash: UInt64

    init(_ string: String) {
        var string = string
        bytesHash = string.withUTF8 { ByteHash.of(UnsafeRawBufferPointer($0)) }
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

    var mixedHash: UInt64 { bytesHash }
}
