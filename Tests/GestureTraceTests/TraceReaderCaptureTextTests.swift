import Testing
@testable import GestureTrace

/// Capture text in refusals: shown escaped, on one line; NUL refused, never cut.
struct TraceReaderCaptureTextTests {
    static let header = TemporaryCapture.header
    static let session = TemporaryCapture.session

    /// A capture whose refusal quotes hostile text, and the refusal exactly,
    /// after `FILE:` (as `TerminalText` shows it).
    struct Quoting: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var shown: String
        var testDescription: String { name }

        init(_ name: String, _ lines: [String], _ shown: String) {
            self.init(name, bytes: Array(lines.map { $0 + "\n" }.joined().utf8), shown)
        }

        init(_ name: String, bytes: [UInt8], _ shown: String) {
            self.name = name
            self.bytes = bytes
            self.shown = shown
        }
    }

    static let quoting: [Quoting] = [
        .init("escape sequence and line end in an unknown session", [header, session, #"{"type":"frame","session":"\u001b[2J\nimported x.jsonl: 1 session","t":1}"#],
              #"3: field 'session': unknown session "\u001B[2J\nimported x.jsonl: 1 session": no session record on an earlier line declares it"#),
        .init("escape sequence in a duplicate session id", [header, #"{"type":"session","session":"\u001b[31m","experiment":"e","variant":"v"}"#,
                                                           #"{"type":"session","session":"\u001b[31m","experiment":"e","variant":"v"}"#],
              #"3: field 'session': duplicate session id "\u001B[31m": already declared on line 2; expected an id unique in the file"#),
        .init("line end and escape in a config key", [header, session, #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"a\nb\u001b":null}}"#],
              #"3: field 'config.a\nb\u001B': found null, expected a string, number or boolean"#),
        .init("C1 control escaped in an enumeration value", [header, session, #"{"type":"touch","session":"s1","touch":1,"phase":"\u009b31m","t":1,"x":0,"y":0}"#],
              #"3: field 'phase': found "\u009B31m", expected one of began, moved, stationary, ended, cancelled"#),
        .init("raw C1 control in an enumeration value",
              bytes: Array((header + "\n" + session + "\n" + #"{"type":"touch","session":"s1","touch":1,"phase":""#).utf8) + [0xC2, 0x9B]
                  + Array((#"31m","t":1,"x":0,"y":0}"# + "\n").utf8),
              #"3: field 'phase': found "\u009B31m", expected one of began, moved, stationary, ended, cancelled"#),
        .init("bidi override in a value", [header, session, "{\"type\":\"touch\",\"session\":\"s1\",\"touch\":1,\"phase\":\"\u{202E}nageb\",\"t\":1,\"x\":0,\"y\":0}"],
              #"3: field 'phase': found "\u202Enageb", expected one of began, moved, stationary, ended, cancelled"#),
        .init("line separator in a wrongly typed value", [header, session, "{\"type\":\"frame\",\"session\":\"s1\",\"t\":\"1\u{2028}2\"}"],
              #"3: field 't': found "1\u20282", expected a finite number of seconds"#),
        .init("escape sequence in a session a touch rule quotes", [header, #"{"type":"session","session":"\u001b[1m","experiment":"e","variant":"v"}"#,
                                                                 #"{"type":"touch","session":"\u001b[1m","touch":1,"phase":"began","t":1,"x":0,"y":0}"#,
                                                                 #"{"type":"touch","session":"\u001b[1m","touch":1,"phase":"began","t":2,"x":0,"y":0}"#],
              #"4: field 'phase': found a second began for touch 1 of session "\u001B[1m" (the first is on line 3); expected one began per touch"#),
        .init("raw C1 control between members",
              bytes: Array((header + "\n" + session + "\n" + #"{"type":"frame","#).utf8) + [0xC2, 0x85] + Array((#""session":"s1","t":1}"# + "\n").utf8),
              #"3: malformed JSON at column 17: expected a string key, found '\u0085'"#),
        .init("escape sequence in the first line's type", [#"{"type":"\u001b[2Jheader"}"#],
              #"1: field 'type': missing header: expected the header {"type":"header","format":"gesture-trace","version":1} as the first line, found a '\u001B[2Jheader' record"#),
        .init("backslash shown doubled", [header, session, #"{"type":"frame","session":"a\\u001b","t":1}"#],
              #"3: field 'session': unknown session "a\\u001b": no session record on an earlier line declares it"#),
        .init("escape sequence cut at the display limit", [header, session, #"{"type":"frame","session":""# + String(repeating: "x", count: 58) + #"\u001b[31m","t":1}"#],
              #"3: field 'session': unknown session ""# + String(repeating: "x", count: 58) + #"\u001B[…": no session record on an earlier line declares it"#),
    ]

    @Test(arguments: quoting)
    func refusalsShowCaptureTextEscapedOnOneLine(_ quoting: Quoting) throws {
        let capture = try TemporaryCapture(bytes: quoting.bytes)
        let strict = try #require(capture.strictError())
        #expect(strict.description == "\(capture.path):\(quoting.shown)")
        #expect(!strict.description.contains("\u{1B}") && !strict.description.contains("\n"))

        if strict.line > 1 {
            let rejections = try capture.items(.init(skipInvalid: true)).compactMap(\.rejection)
            #expect(rejections.map(\.error.description) == ["\(capture.path):\(quoting.shown)"])
        }
    }

    @Test func theFileNameIsEscapedToo() throws {
        let capture = try TemporaryCapture(bytes: Array("not json\n".utf8), name: "evil\u{1B}[31m\nimported.jsonl")
        let error = try #require(capture.strictError())
        #expect(error.file == capture.path)
        let directory = String(capture.path.dropLast("evil\u{1B}[31m\nimported.jsonl".count))
        #expect(error.description.hasPrefix(directory + #"evil\u001B[31m\nimported.jsonl:1: missing header"#))
    }

    /// Every string field of every record type, with a NUL inside.
    static let nulFields: [(name: String, lines: [String], field: String)] = [
        ("session id", [#"{"type":"session","session":"a\u0000b","experiment":"e","variant":"v"}"#], "session"),
        ("experiment", [#"{"type":"session","session":"s2","experiment":"e\u0000","variant":"v"}"#], "experiment"),
        ("variant", [#"{"type":"session","session":"s2","experiment":"e","variant":"\u0000v"}"#], "variant"),
        ("config key", [#"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"k\u0000x":1}}"#], "config.k\u{0}x"),
        ("config value", [#"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"k":"a\u0000b"}}"#], "config.k"),
        ("device model", [#"{"type":"session","session":"s2","experiment":"e","variant":"v","device":{"model":"a\u0000b"}}"#], "device.model"),
        ("device os", [#"{"type":"session","session":"s2","experiment":"e","variant":"v","device":{"os":"17\u0000"}}"#], "device.os"),
        ("started_at", [#"{"type":"session","session":"s2","experiment":"e","variant":"v","started_at":"2026\u0000"}"#], "started_at"),
        ("type", [#"{"type":"frame\u0000x","session":"s1","t":1}"#], "type"),
        ("session of a touch", [#"{"type":"touch","session":"s1\u0000","touch":1,"phase":"began","t":1,"x":0,"y":0}"#], "session"),
        ("recognizer", [#"{"type":"transition","session":"s1","recognizer":"pan\u0000","to":"began","t":1}"#], "recognizer"),
        ("recognizer class", [#"{"type":"transition","session":"s1","recognizer":"pan","to":"began","t":1,"class":"UI\u0000"}"#], "class"),
        ("delivery target", [#"{"type":"delivery","session":"s1","target":"b\u0000","event":"e","via":"v","t":1}"#], "target"),
        ("delivery event", [#"{"type":"delivery","session":"s1","target":"b","event":"\u0000","via":"v","t":1}"#], "event"),
        ("delivery via", [#"{"type":"delivery","session":"s1","target":"b","event":"e","via":"v\u0000","t":1}"#], "via"),
        ("session of a frame", [#"{"type":"frame","session":"s1\u0000s2","t":1}"#], "session"),
    ]

    @Test(arguments: nulFields)
    func aNULInAnyStringFieldIsRefusedNotCut(_ name: String, _ lines: [String], _ field: String) throws {
        let capture = try TemporaryCapture(lines: [Self.header, Self.session] + lines)
        let error = try #require(capture.strictError())
        #expect(error.line == 3)
        #expect(error.field == field)
        #expect(error.message.contains("which contains a NUL character (U+0000); expected a string without NUL")
                || error.message == "the key contains a NUL character (U+0000); expected a key without NUL")
        #expect(error.description.contains(#"\u0000"#))
        #expect(!error.description.unicodeScalars.contains("\u{0}"))

        let items = try capture.items(.init(skipInvalid: true))
        #expect(items.map(\.line) == [2, 3])
        #expect(items.last?.rejection?.error == error)
    }

    @Test func aNULInTheRecorderIsRefused() throws {
        let capture = try TemporaryCapture(lines: [#"{"type":"header","format":"gesture-trace","version":1,"recorder":"A\u0000pp"}"#])
        let error = try #require(capture.strictError())
        #expect(error.description == "\(capture.path):1: field 'recorder': found \"A\\u0000pp\", which contains a NUL character (U+0000); expected a string without NUL")
    }

    @Test func sessionIdsThatDifferOnlyAfterANULAreRefusedWithTheirLine() throws {
        let capture = try TemporaryCapture(lines: [
            Self.header,
            #"{"type":"session","session":"run\u0000one","experiment":"e","variant":"v"}"#,
            #"{"type":"session","session":"run\u0000two","experiment":"e","variant":"v"}"#,
        ])
        let error = try #require(capture.strictError())
        #expect(error.description == "\(capture.path):2: field 'session': found \"run\\u0000one\", which contains a NUL character (U+0000); expected a string without NUL")
        let rejections = try capture.items(.init(skipInvalid: true)).compactMap(\.rejection)
        #expect(rejections.map(\.error.line) == [2, 3])
    }

    @Test func otherControlCharactersAreKeptExactly() throws {
        let capture = try TemporaryCapture(lines: [
            Self.header,
            #"{"type":"session","session":"a\u001b[31m\nb","experiment":"\u0085\u2028","variant":"\u202e\t","config":{"k\u0001":"\u007f"}}"#,
        ])
        let records = try capture.records()
        #expect(records.map(\.record) == [.session(SessionRecord(
            id: "a\u{1B}[31m\nb", experiment: "\u{85}\u{2028}", variant: "\u{202E}\t", config: [("k\u{1}", .string("\u{7F}"))]))])
    }
}
