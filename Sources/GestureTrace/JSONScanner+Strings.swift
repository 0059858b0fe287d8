extension JSONScanner {
    /// Scans a string body from just after its opening quote through its
    /// closing quote; returns whether it contains escapes.
    ///
    /// Escapes are validated here (including surrogate pairing) so that even
    /// strings nobody decodes are valid JSON; decoding is `decodeString`'s job.
    mutating func scanStringBody() throws(JSONSyntaxError) -> Bool {
        var hasEscapes = false
        while true {
            // Find the next quote, backslash or control character, eight
            // bytes at a time where the line has them.
            if position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
                let marks = Self.specialStringBytes(word)
                if marks == 0 {
                    position += 8
                    continue
                }
                // Flags above the first special byte may be spurious; the lowest is exact.
                position += marks.trailingZeroBitCount >> 3
            } else {
                while position < count, !Self.isSpecialStringByte(bytes[position]) {
                    position += 1
                }
                guard position < count else {
                    throw JSONSyntaxError(offset: position, message: "unterminated string: found end of line, expected '\"'")
                }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return hasEscapes
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else {
                throw JSONSyntaxError(offset: position, message: "raw control character U+\(Self.hex(UInt32(byte), digits: 4)) in a string; expected it escaped")
            }
        }
    }

    /// `scanStringBody`, with the common case done in place: a key or
    /// value whose closing quote is in the next eight bytes, with no
    /// backslash or control character before it. Keys and most values of
    /// a capture are that short, and the call showed in the reading
    /// thread's profile.
    @inline(__always)
    mutating func scanShortStringBody() throws(JSONSyntaxError) -> Bool {
        if position + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
            let marks = Self.specialStringBytes(word)
            if marks != 0 {
                let end = position + marks.trailingZeroBitCount >> 3
                if bytes[end] == UInt8(ascii: "\"") {
                    position = end + 1
                    return false
                }
            }
        }
        return try scanStringBody()
    }

    @inline(__always)
    static func isSpecialStringByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
    }

    /// The high bit set in each byte of `word` (little-endian) that is a
    /// quote, a backslash or below 0x20, exact up to the first such byte.
    @inline(__always)
    static func specialStringBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & 0x8080_8080_8080_8080
    }

    // Messages name characters as U+XXXX, never with a backslash: printed
    // messages escape backslashes (TerminalText), which would double them.
    private mutating func scanEscape() throws(JSONSyntaxError) {
        let escapeStart = position
        position += 1
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try scanHex4(escapeStart: escapeStart)
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard current == UInt8(ascii: "\\"), position + 1 < count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: escapeStart, message: "lone surrogate U+\(Self.hex(unit, digits: 4)): a high surrogate escape must be followed by a low surrogate escape")
                }
                position += 2
                let low = try scanHex4(escapeStart: position - 2)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw JSONSyntaxError(offset: escapeStart, message: "lone surrogate U+\(Self.hex(unit, digits: 4)) followed by U+\(Self.hex(low, digits: 4)), which is not a low surrogate")
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw JSONSyntaxError(offset: escapeStart, message: "lone surrogate U+\(Self.hex(unit, digits: 4)): a low surrogate without a high surrogate before it")
            }
        default:
            throw JSONSyntaxError(offset: escapeStart, message: "invalid escape in a string: a backslash followed by \(describeCurrent())")
        }
    }

    private mutating func scanHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(current) else {
                throw JSONSyntaxError(offset: escapeStart, message: "invalid unicode escape: expected four hex digits after the u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Decodes an already scanned string body `[start, end)` that contains
    /// escapes into `output`; returns the number of bytes written, which is
    /// never more than `end - start`.
    static func decodeString(_ bytes: UnsafePointer<UInt8>, start: Int, end: Int,
                             into output: UnsafeMutablePointer<UInt8>) -> Int {
        var read = start
        var written = 0
        while read < end {
            let byte = bytes[read]
            guard byte == UInt8(ascii: "\\") else {
                output[written] = byte
                written += 1
                read += 1
                continue
            }
            let escaped = bytes[read + 1]
            read += 2
            let simple: UInt8
            switch escaped {
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(bytes + read)
                read += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = hex4(bytes + read + 2)
                    read += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                written += encodeUTF8(scalar, into: output + written)
                continue
            default: simple = escaped  // \" \\ \/
            }
            output[written] = simple
            written += 1
        }
        return written
    }

    private static func hex4(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for index in 0..<4 {
            value = value << 4 | (hexValue(pointer[index]) ?? 0)
        }
        return value
    }

    private static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            output[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | scalar >> 18)
            output[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
