#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string compared byte for byte, as SQLite's BINARY collation compares
/// the keys the derived tables are grouped by. Swift's `==` would equate
/// canonically equivalent spellings (`é` and `e` + U+0301) that SQLite
/// keeps apart.
struct ExactText: Hashable {
    var string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        // `elementsEqual` walks the views index by index; the bytes of a
        // native string are contiguous, so one memcmp does (the keys are
        // mostly the reader's interned strings, often the very same storage).
        if let same = lhs.string.utf8.withContiguousStorageIfAvailable({ left in
            rhs.string.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count
                    && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }), let same {
            return same
        }
        return lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
