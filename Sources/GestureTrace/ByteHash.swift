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
