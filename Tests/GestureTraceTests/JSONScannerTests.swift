import Testing
@testable import GestureTrace

struct JSONScannerTests {
    struct ScannedMember: Equatable {
        var key: String
        var value: String
        var kind: JSONValueKind
    }

    private func scan(_ text: String) throws(JSONSyntaxError) -> [ScannedMember] {
        let bytes = Array(text.utf8)
        var members: [JSONMember] = []
        var stack: [UInt8] = []
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var scanner = JSONScanner(bytes: buffer.baseAddress!, count: buffer.count)
            try scanner.scanTopLevelObject(into: &members, stack: &stack)
        }
        return members.map { member in
            ScannedMember(key: String(decoding: bytes[member.keyStart..<member.keyEnd], as: UTF8.self),
                          value: String(decoding: bytes[member.valueStart..<member.valueEnd], as: UTF8.self),
                          kind: member.kind)
        }
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try scan(text)
            return nil
        } catch {
            return error
        }
    }

    // Keys and string values take a one-word path when their closing
    // quote is near: it must agree with the full scan at every length and
    // wherever an escape or a control character sits.
    @Test(arguments: 0...20)
    func shortKeysAndValuesAreScannedAtEveryLength(length: Int) throws {
        let plain = String(repeating: "k", count: length)
        #expect(try scan(#"{"\#(plain)":"\#(plain)","n":1}"#)
            == [ScannedMember(key: plain, value: plain, kind: .string), ScannedMember(key: "n", value: "1", kind: .number)])
        for offset in 0...length {
            let escaped = String(plain.prefix(offset)) + #"\""# + String(plain.dropFirst(offset))
            #expect(try scan(#"{"\#(escaped)":"\#(escaped)"}"#)
                == [ScannedMember(key: escaped, value: escaped, kind: .string)])
            let control = String(plain.prefix(offset)) + "\u{1F}" + String(plain.dropFirst(offset))
            #expect(syntaxError(#"{"\#(control)":1}"#)?.offset == 2 + offset)
            #expect(syntaxError(#"{"a":"\#(control)"}"#)?.offset == 6 + offset)
            let unterminated = #"{"a":"\#(plain.prefix(offset))"#
            #expect(syntaxError(unterminated)?.message == "unterminated string: found end of line, expected '\"'")
        }
    }

    @Test func membersAreSpansOfEveryKind() throws {
        let members = try scan(#" { "s" : "a\"b" , "n":-1.5e+3,"o":{"x":[1,{"y":null}]},"a":[],"t":true,"f":false,"z":null } "#)
        #expect(members == [
            ScannedMember(key: "s", value: #"a\"b"#, kind: .string),
            ScannedMember(key: "n", value: "-1.5e+3", kind: .number),
            ScannedMember(key: "o", value: #"{"x":[1,{"y":null}]}"#, kind: .object),
            ScannedMember(key: "a", value: "[]", kind: .array),
            ScannedMember(key: "t", value: "true", kind: .true),
            ScannedMember(key: "f", value: "false", kind: .false),
            ScannedMember(key: "z", value: "null", kind: .null),
        ])
    }

    @Test func emptyObjectHasNoMembers() throws {
        #expect(try scan("{}").isEmpty)
        #expect(try scan("\t{ }\r").isEmpty)
    }

    @Test(arguments: ["0", "-0", "0.0", "0e0", "1E-2", "-12.50e+10", "123456789012345678901234567890"])
    func validNumbersAreAccepted(number: String) throws {
        #expect(try scan(#"{"n":\#(number)}"#) == [ScannedMember(key: "n", value: number, kind: .number)])
    }

    @Test(arguments: ["-", "1.", ".5", "1e", "1e+", "01", "+1", "0x1", "1.e3", "--1", "1..2", "1e1.5"])
    func invalidNumbersAreRefused(number: String) {
        #expect(syntaxError(#"{"n":\#(number)}"#) != nil)
    }

    @Test(arguments: [#"{"a":1"#, #"{"a"}"#, #"{"a":}"#, #"{,"a":1}"#, #"{"a":1,}"#, #"{"a":[1,]}"#, #"{"a":[,1]}"#,
                      #"{"a":{"b"}}"#, #"{"a":{"b":1,}}"#, #"{"a":[}"#, #"{"a":"\u00G0"}"#, #"{a:1}"#, "", "   ",
                      #"{"a":1}}"#, #"{"a":nul}"#, #"{"a":[[[]]}"#])
    func malformedObjectsAreRefused(text: String) {
        #expect(syntaxError(text) != nil)
    }

    @Test func errorsPointAtTheOffendingByte() {
        #expect(syntaxError(#"{"a":1 "b":2}"#)?.offset == 7)
        #expect(syntaxError(#"{"a":1 "b":2}"#)?.message == "expected ',' or '}' after a value, found '\"'")
        #expect(syntaxError(#"{"a":[1,2}"#)?.offset == 9)
        #expect(syntaxError(#"{"a":"é"} é"#)?.message == "unexpected 'é' (U+00E9) after the end of the object")
    }

    @Test func escapesDecodeToUTF8() throws {
        let text = #"a\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00z"#
        let bytes = Array(text.utf8)
        let decoded = bytes.withUnsafeBufferPointer { buffer in
            var output = [UInt8](repeating: 0, count: buffer.count)
            let count = JSONScanner.decodeString(buffer.baseAddress!, start: 0, end: buffer.count, into: &output)
            return String(decoding: output[0..<count], as: UTF8.self)
        }
        #expect(decoded == "a\"\\/\u{8}\u{C}\n\r\tAé€😀z")
    }
}

struct UTF8ValidatorTests {
    private func firstInvalid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validator.firstInvalidOffset($0.baseAddress!, count: $0.count) }
    }

    @Test func wellFormedTextIsAccepted() {
        #expect(firstInvalid(Array("plain ASCII that is longer than one word".utf8)) == nil)
        #expect(firstInvalid(Array("é € 😀 \u{10FFFF} \u{FFFD} 日本語".utf8)) == nil)
        #expect(firstInvalid([]) == nil)
    }

    @Test(arguments: [
        ([0xFF], 0), ([0x41, 0x80], 1), ([0xC0, 0xAF], 0), ([0xC1, 0xBF], 0), ([0xE0, 0x80, 0xAF], 0),
        ([0xED, 0xA0, 0x80], 0), ([0xF0, 0x80, 0x80, 0xAF], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xC3, 0x28], 9), ([0xE2, 0x82], 0), ([0xF0, 0x9F, 0x98], 0),
    ] as [([UInt8], Int)])
    func malformedSequencesAreFoundAtTheirStart(bytes: [UInt8], offset: Int) {
        #expect(firstInvalid(bytes) == offset)
    }

    // The ASCII skips (four words, then one) must stop at a bad byte
    // wherever it sits, and resume after a good multi-byte character.
    @Test(arguments: 0..<100)
    func aBadByteIsFoundAtEveryOffset(offset: Int) {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
        bytes[offset] = 0xFF
        #expect(firstInvalid(bytes) == offset)
        #expect(firstInvalid(Array("é".utf8) + bytes) == offset + 2)
        bytes.replaceSubrange(offset..<offset + 1, with: Array("€".utf8))
        #expect(firstInvalid(bytes) == nil)
        #expect(firstInvalid(Array(bytes.dropLast())) == (offset + 3 == bytes.count ? offset : nil))
    }
}

struct JSONScannerStringTests {
    /// Scans `"<body>"` followed by filler, returning where the string ended.
    private func scanString(_ body: [UInt8]) throws(JSONSyntaxError) -> (end: Int, hasEscapes: Bool) {
        let line = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")] + Array(",\"filler\":12345678}".utf8)
        return try line.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var scanner = JSONScanner(bytes: buffer.baseAddress!, count: buffer.count, position: 1)
            let hasEscapes = try scanner.scanStringBody()
            return (scanner.position, hasEscapes)
        }
    }

    // The word-at-a-time search must stop at a special byte wherever it sits.
    @Test(arguments: 0...24)
    func theClosingQuoteIsFoundAtEveryOffset(length: Int) throws {
        let body = Array(String(repeating: "é", count: length / 2).utf8) + Array(String(repeating: "a", count: length % 2).utf8)
        let scanned = try scanString(body)
        #expect(scanned.end == body.count + 2)
        #expect(scanned.hasEscapes == false)
    }

    @Test(arguments: 0...24)
    func escapesAreFoundAtEveryOffset(offset: Int) throws {
        let body = Array(String(repeating: "b", count: offset).utf8) + Array(#"\"\u00e9x"#.utf8)
        let scanned = try scanString(body)
        #expect(scanned.end == body.count + 2)
        #expect(scanned.hasEscapes == true)
    }

    @Test(arguments: 0...24)
    func rawControlCharactersAreRefusedAtEveryOffset(offset: Int) {
        for control: UInt8 in [0x00, 0x0A, 0x1F] {
            let body = Array(String(repeating: "c", count: offset).utf8) + [control] + Array("tail".utf8)
            let error = #expect(throws: JSONSyntaxError.self) { try scanString(body) }
            #expect(error?.offset == offset + 1)
        }
    }

    @Test func bytesJustAboveTheSpecialOnesArePlain() throws {
        let body: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xBF, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0xC3, 0xA9]
        #expect(try scanString(body).end == body.count + 2)
    }
}
