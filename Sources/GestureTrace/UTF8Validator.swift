/// Checks that a line is well-formed UTF-8 (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
///
/// Captures are almost entirely ASCII, so the check runs eight bytes at a time
/// until it meets a byte with the high bit set.
enum UTF8Validator {
    /// The offset of the first byte that starts an invalid sequence, or nil.
    static func firstInvalidOffset(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        var index = 0
        while index < count {
            // Skip ASCII in words, four at a time while the line has them;
            // unaligned loads are fine on every target we build for.
            while index + 32 <= count {
                let words = UnsafeRawPointer(bytes + index)
                let merged = words.loadUnaligned(as: UInt64.self)
                    | words.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | words.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    | words.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if merged & 0x8080_8080_8080_8080 != 0 { break }
                index += 32
            }
            while index + 8 <= count {
                let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { return nil }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F  // excludes UTF-16 surrogates
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F  // nothing above U+10FFFF
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lowerBound, second <= upperBound else { return index }
            var offset = 2
            while offset < length {
                guard bytes[index + offset] & 0xC0 == 0x80 else { return index }
                offset += 1
            }
            index += length
        }
        return nil
    }
}
