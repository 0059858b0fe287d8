/// The `ExactText` of the strings the deriver meets again and again
/// (targets, events, channels, recognizers), found without reading their
/// bytes.
///
/// The reader hands out one shared `String` per distinct name, so the same
/// name nearly always arrives as the very same string value: the same
/// storage, or the same bytes of a small string held inline. Two strings
/// whose two words are equal have equal bytes, provided the storage they
/// point to cannot have been freed and reused meanwhile; every entry holds
/// its string, so it cannot. A string not in the cache (or evicted from
/// its slot) costs one pass over its bytes, as `ExactText.init` does.
struct ExactTextCache {
    private struct Entry {
        var bits: (UInt64, UInt64)
        var text: ExactText
    }

    /// Direct-mapped: a name's slot depends on its string's two words.
    private var entries: [Entry?]
    private let mask: Int

    /// - Parameter slots: a power of two.
    init(slots: Int = 256) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "ExactTextCache needs a power of two of slots")
        entries = Array(repeating: nil, count: slots)
        mask = slots - 1
    }

    /// The text of `string`, byte for byte.
    @inline(__always)
    mutating func text(_ string: String) -> ExactText {
        let bits = unsafeBitCast(string, to: (UInt64, UInt64).self)
        var mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        let slot = Int(truncatingIfNeeded: mixed) & mask
        if let entry = entries[slot], entry.bits == bits {
            return entry.text
        }
        let text = ExactText(string)
        entries[slot] = Entry(bits: bits, text: text)
        return text
    }
}
