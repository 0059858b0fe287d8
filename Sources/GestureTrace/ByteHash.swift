/// A 64-bit hash of a byte string, eight bytes at a time.
///
/// A multiply-and-fold per word (the length seeds it, so a run of zero
/// bytes still counts), then a final mix so every output bit, the low ones
/// used for table slots included, depends on every byte. Names are tens of
/// bytes and hashed once a field on the import's reading thread, where a
/// byte-at-a-time hash showed in profiles; the name table and the deriver's
/// texts share this one.
///
///     let hash = "touchDown".utf8.withContiguousStorageIfAvailable {
///         ByteHash.of(UnsafeRawBufferPointer($0))
///     }
package enum ByteHash {
    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
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
            hash = (hash ^ tail(bytes, from: offset)) &* multiplier
            hash ^= hash >> 32
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }

    /// The 1–7 bytes from `offset` to the end as one little-endian word,
    /// zero above them, read in at most three loads rather than a byte at
    /// a time (most names are shorter than a word or end mid-word).
    /// Overlapping loads write equal bytes to equal places.
    @inline(__always)
    static func tail(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
        let remaining = bytes.count - offset
        if bytes.count >= 8 {
            // The last word of the string, its bytes before `offset` shifted out.
            let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            return last >> UInt64(8 * (8 - remaining))
        }
        if remaining >= 4 {
            let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 4,
                                                                       as: UInt32.self)))
            return low | high << UInt64(8 * (remaining - 4))
        }
        let first = UInt64(bytes[offset])
        let middle = UInt64(bytes[offset + remaining / 2]) << UInt64(8 * (remaining / 2))
        let last = UInt64(bytes[bytes.count - 1]) << UInt64(8 * (remaining - 1))
        return first | middle | last
    }
}
