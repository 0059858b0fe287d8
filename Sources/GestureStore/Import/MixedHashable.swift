/// A dictionary key whose hash is folded from a few words it already holds
/// (`KeyMix`), not fed through `Hasher`.
///
/// `Dictionary` and `Set` hash a key through its `_rawHashValue(seed:)`,
/// which by default runs SipHash: a seeded state, a round per word and a
/// finalization, a share of the reading thread that shows in profiles
/// with the deriver's keys (several lookups a record). These keys hold
/// texts whose bytes are hashed once already (`ExactText.bytesHash`) and
/// plain integers, so a few multiplications spread them well enough for a
/// hash table, and the table's per-instance seed still goes in. Equality stays exact; only how
/// keys spread over buckets changes. The names come from the capture, but
/// `ByteHash` already hashes them without a secret, so this adds no
/// exposure to crafted collisions that was not there.
///
/// ```swift
/// struct PairKey: MixedHashable {
///     var session: Int
///     var touch: Int64
///     var mixedHash: UInt64 { KeyMix.of(UInt64(session), UInt64(bitPattern: touch)) }
/// }
/// ```
protocol MixedHashable: Hashable {
    /// A 64-bit hash of the key; equal keys must have equal ones.
    var mixedHash: UInt64 { get }
}

extension MixedHashable {
    func hash(into hasher: inout Hasher) {
        hasher.combine(mixedHash)
    }

    /// The hash `Dictionary` and `Set` use, in place of `Hasher`'s.
    @inline(__always)
    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: KeyMix.of(UInt64(bitPattern: Int64(seed)), mixedHash))
    }
}

extension KeyMix {
    /// The mix of two words.
    @inline(__always)
    static func of(_ first: UInt64, _ second: UInt64) -> UInt64 {
        var mix = KeyMix()
        mix.add(first)
        mix.add(second)
        return mix.value
    }

    /// The mix of three words.
    @inline(__always)
    static func of(_ first: UInt64, _ second: UInt64, _ third: UInt64) -> UInt64 {
        var mix = KeyMix()
        mix.add(first)
        mix.add(second)
        mix.add(third)
        return mix.value
    }
}
