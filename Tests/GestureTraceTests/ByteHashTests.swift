import Testing
@testable import GestureTrace

struct ByteHashTests {
    /// The hash as first written: the tail a byte at a time.
    private static func byteAtATime(_ bytes: [UInt8]) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        var offset = 0
        while offset + 8 <= bytes.count {
            var word: UInt64 = 0
            for index in 0..<8 { word |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
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

    /// Every length from empty to five words, at every alignment, with
    /// bytes of all values (zeros and 0xFF included): the same hash as the
    /// byte-at-a-time tail.
    @Test(arguments: 0...40)
    func theTailLoadsHashAsBytesDo(length: Int) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D &+ UInt64(length)
        var backing = [UInt8](repeating: 0, count: length + 16)
        for round in 0..<20 {
            for index in backing.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                backing[index] = round == 0 ? 0 : round == 1 ? 0xFF : UInt8(truncatingIfNeeded: state)
            }
            for start in 0..<8 {
                let bytes = Array(backing[start..<start + length])
                let hashed = backing.withUnsafeBytes { ByteHash.of(UnsafeRawBufferPointer(rebasing: $0[start..<start + length])) }
                #expect(hashed == Self.byteAtATime(bytes))
            }
        }
    }

    /// Values from Tests/Reference/byte_hash.py: the hash itself is what
    /// the reader and the store's deriver both rely on.
    @Test(arguments: [
        ("", 0x0000_0000_0000_0000), ("a", 0x8B38_1C52_0F65_62BB), ("via", 0xDBC8_1EC5_ED8B_85C9),
        ("began", 0x3FBA_B40B_6304_8E38), ("direct", 0x9C3D_FCB5_B639_072E),
        ("touchesBegan", 0x58FC_77AE_8A42_ACB4), ("control-event", 0x79BA_19BB_D8CB_1D8A),
        ("録音ボタン", 0x94A3_F8D0_04F6_4804),
    ] as [(String, UInt64)])
    func namesHashAsTheReference(_ name: String, _ expected: UInt64) {
        #expect(Array(name.utf8).withUnsafeBytes { ByteHash.of($0) } == expected)
    }
}
