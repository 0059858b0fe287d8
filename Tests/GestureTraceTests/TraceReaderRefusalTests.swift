import Testing
@testable import GestureTrace

/// One capture the reader must refuse, and how.
struct Refusal: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var line: Int
    var field: String?
    var phrase: String

    var testDescription: String { name }

    static let header = TemporaryCapture.header
    static let session = TemporaryCapture.session
    static let began = #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":5,"x":0,"y":0}"#

    /// `lines` after a valid header and session; `line` counts from the file's start.
    static func after(_ name: String, _ lines: [String], line: Int, field: String?, _ phrase: String) -> Refusal {
        whole(name, [header, session] + lines, line: line, field: field, phrase)
    }

    /// A record on line 3 after a valid header and session.
    static func record(_ name: String, _ record: String, field: String?, _ phrase: String) -> Refusal {
        after(name, [record], line: 3, field: field, phrase)
    }

    static func whole(_ name: String, _ lines: [String], line: Int, field: String?, _ phrase: String) -> Refusal {
        Refusal(name: name, bytes: Array(lines.map { $0 + "\n" }.joined().utf8), line: line, field: field, phrase: phrase)
    }

    /// Line 3 given as raw bytes, e.g. invalid UTF-8.
    static func rawRecord(_ name: String, _ pieces: [[UInt8]], field: String?, _ phrase: String) -> Refusal {
        let prefix = Array((header + "\n" + session + "\n").utf8)
        return Refusal(name: name, bytes: prefix + pieces.flatMap { $0 } + [0x0A], line: 3, field: field, phrase: phrase)
    }
}

struct TraceReaderRefusalTests {
    private static let frame = #"{"type":"frame","session":"s1","t":1"#  // without the closing brace

    static let malformedJSON: [Refusal] = [
        .record("unterminated object", frame, field: nil, "malformed JSON at column 37: expected ',' or '}' after a value, found end of line"),
        .record("garbage after the object", frame + "} x", field: nil, "malformed JSON at column 39: unexpected 'x' after the end of the object"),
        .record("two objects on a line", frame + "}{}", field: nil, "after the end of the object"),
        .record("top-level array", #"[{"type":"frame"}]"#, field: nil, "malformed JSON at column 1: expected a JSON object starting with '{', found '['"),
        .record("top-level string", #""frame""#, field: nil, "expected a JSON object"),
        .record("trailing comma", frame + ",}", field: nil, "expected a string key, found '}'"),
        .record("single-quoted key", #"{'type':"frame"}"#, field: nil, "expected a string key, found '''"),
        .record("missing colon", #"{"type" "frame"}"#, field: nil, "expected ':' after a key"),
        .record("leading zero", #"{"type":"frame","session":"s1","t":01}"#, field: nil, "leading zero"),
        .record("bare decimal point", #"{"type":"frame","session":"s1","t":1.}"#, field: nil, "expected a digit after '.'"),
        .record("plus sign", #"{"type":"frame","session":"s1","t":+1}"#, field: nil, "expected a value, found '+'"),
        .record("NaN literal", #"{"type":"frame","session":"s1","t":NaN}"#, field: nil, "non-finite"),
        .record("Infinity literal", #"{"type":"frame","session":"s1","t":-Infinity}"#, field: nil, "non-finite"),
        .record("misspelled literal", #"{"type":"frame","session":"s1","t":1,"x":tru}"#, field: nil, "expected a value, found 't'"),
        .record("raw tab in a string", "{\"type\":\"frame\",\"session\":\"s\t1\",\"t\":1}", field: nil, "raw control character U+0009 in a string"),
        .record("invalid escape", #"{"type":"frame","session":"s\x1","t":1}"#, field: nil, "invalid escape in a string: a backslash followed by 'x'"),
        .record("short unicode escape", #"{"type":"frame","session":"s\u12","t":1}"#, field: nil, "invalid unicode escape: expected four hex digits after the u, found '\"'"),
        .record("lone high surrogate", #"{"type":"frame","session":"\ud83d","t":1}"#, field: nil, "lone surrogate U+D83D: a high surrogate escape must be followed by a low surrogate escape"),
        .record("lone low surrogate", #"{"type":"frame","session":"\ude00x","t":1}"#, field: nil, "lone surrogate U+DE00: a low surrogate without a high surrogate before it"),
        .record("high surrogate then non-surrogate", #"{"type":"frame","session":"\ud83d\u0041","t":1}"#, field: nil, "lone surrogate U+D83D followed by U+0041, which is not a low surrogate"),
        .record("broken unknown nested field", #"{"type":"frame","session":"s1","t":1,"extra":{"a":[1,2,}]}}"#, field: nil, "expected a value, found '}'"),
        .record("byte order mark inside a line", #"{"type":"frame","session":"s1","t":1,"extra":\#u{FEFF}1}"#, field: nil,
                "expected a value, found '\u{FEFF}' (U+FEFF)"),
        .record("fullwidth brace", #"{"type":"frame","session":"s1","t":1,"extra":\#u{FF5B}}"#, field: nil,
                "expected a value, found '\u{FF5B}' (U+FF5B)"),
        .record("mismatched brackets", #"{"type":"frame","session":"s1","t":1,"extra":[1}}"#, field: nil, "expected ',' or ']' after a value, found '}'"),
        .record("unterminated string", #"{"type":"frame","session":"s1"#, field: nil, "unterminated string"),
        .record("deep nesting", #"{"type":"x","a":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
                field: nil, "nesting deeper than 512 levels"),
    ]

    static let notUTF8: [Refusal] = [
        .rawRecord("0xFF in a string", [Array(#"{"type":"frame","session":"s"#.utf8), [0xFF], Array(#"","t":1}"#.utf8)],
                   field: nil, "bytes are not valid UTF-8 at column 29 (byte 0xFF)"),
        .rawRecord("0xC3 0x28", [Array(#"{"type":"frame","session":"s1","t":1,"x":""#.utf8), [0xC3, 0x28], Array(#""}"#.utf8)],
                   field: nil, "bytes are not valid UTF-8 at column 43 (byte 0xC3)"),
        .rawRecord("overlong slash", [Array(#"{"type":"frame","session":"s1","t":1,"x":""#.utf8), [0xC0, 0xAF], Array(#""}"#.utf8)],
                   field: nil, "bytes are not valid UTF-8 at column 43 (byte 0xC0)"),
        .rawRecord("encoded surrogate", [Array(#"{"type":"frame","session":"s1","t":1,"x":""#.utf8), [0xED, 0xA0, 0x80], Array(#""}"#.utf8)],
                   field: nil, "bytes are not valid UTF-8 at column 43 (byte 0xED)"),
        .rawRecord("truncated sequence at the end", [Array(#"{"type":"frame","session":"s1","t":1}"#.utf8), [0xE2, 0x82]],
                   field: nil, "bytes are not valid UTF-8 at column 38 (byte 0xE2)"),
        .rawRecord("invalid byte outside strings", [Array(#"{"type":"frame","session":"s1","t":1}"#.utf8), [0x80]],
                   field: nil, "bytes are not valid UTF-8 at column 38 (byte 0x80)"),
    ]

    static let wrongFields: [Refusal] = [
        .record("no type", #"{"session":"s1","t":1}"#, field: "type", "missing; expected a string naming the record type"),
        .record("numeric type", #"{"type":5,"session":"s1","t":1}"#, field: "type", "found 5, expected a string naming the record type"),
        .record("empty type", #"{"type":"","session":"s1","t":1}"#, field: "type", "found an empty string"),
        .record("duplicate known key", #"{"type":"frame","session":"s1","t":1,"t":2}"#, field: "t", "appears more than once"),
        .record("duplicate type", #"{"type":"frame","type":"frame","session":"s1","t":1}"#, field: "type", "appears more than once"),
        .record("missing t", #"{"type":"frame","session":"s1"}"#, field: "t", "missing; expected a finite number of seconds"),
        .record("string t", #"{"type":"frame","session":"s1","t":"1"}"#, field: "t", #"found "1", expected a finite number of seconds"#),
        .record("non-finite t", #"{"type":"frame","session":"s1","t":1e999}"#, field: "t", "found 1e999, a non-finite number"),
        .record("t beyond 64-bit nanoseconds", #"{"type":"frame","session":"s1","t":1e10}"#, field: "t", "found 1e10, out of range"),
        .record("missing session", #"{"type":"frame","t":1}"#, field: "session", "missing; expected a non-empty string naming a declared session"),
        .record("numeric session", #"{"type":"frame","session":1,"t":1}"#, field: "session", "found 1, expected a non-empty string"),
        .record("missing x", #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"y":0}"#, field: "x", "missing; expected a finite number"),
        .record("null y", #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":0,"y":null}"#, field: "y", "found null, expected a finite number"),
        .record("non-finite x", #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":-1e400,"y":0}"#, field: "x", "found -1e400, a non-finite number"),
        .record("fractional touch id", #"{"type":"touch","session":"s1","touch":1.5,"phase":"began","t":1,"x":0,"y":0}"#, field: "touch", "found 1.5, expected an integer touch id"),
        .record("exponent touch id", #"{"type":"touch","session":"s1","touch":1e2,"phase":"began","t":1,"x":0,"y":0}"#, field: "touch", "found 1e2, expected an integer touch id"),
        .record("string touch id", #"{"type":"touch","session":"s1","touch":"1","phase":"began","t":1,"x":0,"y":0}"#, field: "touch", #"found "1", expected an integer"#),
        .record("huge touch id", #"{"type":"touch","session":"s1","touch":99999999999999999999,"phase":"began","t":1,"x":0,"y":0}"#, field: "touch", "out of range"),
        .record("missing touch id", #"{"type":"touch","session":"s1","phase":"began","t":1,"x":0,"y":0}"#, field: "touch", "missing; expected an integer touch id"),
        .record("unknown phase", #"{"type":"touch","session":"s1","touch":1,"phase":"hover","t":1,"x":0,"y":0}"#, field: "phase", #"found "hover", expected one of began, moved, stationary, ended, cancelled"#),
        .record("phase in the wrong case", #"{"type":"touch","session":"s1","touch":1,"phase":"Began","t":1,"x":0,"y":0}"#, field: "phase", #"found "Began""#),
        .record("unknown kind", #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":0,"y":0,"kind":"finger"}"#, field: "kind", #"found "finger", expected one of direct, pencil, indirect"#),
        .record("string radius", #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":0,"y":0,"radius":"3"}"#, field: "radius", #"found "3", expected a finite number"#),
        .record("boolean force", #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":0,"y":0,"force":true}"#, field: "force", "found true, expected a finite number"),
        .record("unknown to", #"{"type":"transition","session":"s1","recognizer":"pan","to":"done","t":1}"#, field: "to", #"found "done", expected one of possible, began, changed, ended, cancelled, failed, recognized"#),
        .record("unknown from", #"{"type":"transition","session":"s1","recognizer":"pan","to":"began","from":"idle","t":1}"#, field: "from", #"found "idle", expected one of possible"#),
        .record("empty recognizer", #"{"type":"transition","session":"s1","recognizer":"","to":"began","t":1}"#, field: "recognizer", "found an empty string, expected a non-empty string"),
        .record("numeric class", #"{"type":"transition","session":"s1","recognizer":"pan","to":"began","t":1,"class":3}"#, field: "class", "found 3, expected a string"),
        .record("fractional transition touch", #"{"type":"transition","session":"s1","recognizer":"pan","to":"began","t":1,"touch":0.5}"#, field: "touch", "found 0.5, expected an integer touch id"),
        .record("empty via", #"{"type":"delivery","session":"s1","target":"pan","event":"began","via":"","t":1}"#, field: "via", "found an empty string, expected a non-empty string"),
        .record("missing via", #"{"type":"delivery","session":"s1","target":"pan","event":"began","t":1}"#, field: "via", "missing; expected a non-empty string"),
        .record("empty target", #"{"type":"delivery","session":"s1","target":"","event":"began","via":"observer","t":1}"#, field: "target", "found an empty string"),
        .record("object event", #"{"type":"delivery","session":"s1","target":"pan","event":{},"via":"observer","t":1}"#, field: "event", "found an object, expected a non-empty string"),
        .record("empty session id", #"{"type":"session","session":"","experiment":"e","variant":"v"}"#, field: "session", "found an empty string"),
        .record("empty experiment", #"{"type":"session","session":"s2","experiment":"","variant":"v"}"#, field: "experiment", "found an empty string"),
        .record("missing variant", #"{"type":"session","session":"s2","experiment":"e"}"#, field: "variant", "missing; expected a non-empty string"),
        .record("array variant", #"{"type":"session","session":"s2","experiment":"e","variant":["v"]}"#, field: "variant", "found an array"),
        .record("config value null", #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"delivery":null}}"#, field: "config.delivery", "found null, expected a string, number or boolean"),
        .record("config value object", #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"edges":{"bottom":true}}}"#, field: "config.edges", "found an object"),
        .record("config value array", #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"edges":["bottom"]}}"#, field: "config.edges", "found an array"),
        .record("config value non-finite", #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"k":1e999}}"#, field: "config.k", "non-finite"),
        .record("config key twice", #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"k":1,"k":2}}"#, field: "config.k", "appears more than once"),
        .record("config not an object", #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":"fast"}"#, field: "config", #"found "fast", expected an object"#),
        .record("string screen height", #"{"type":"session","session":"s2","experiment":"e","variant":"v","device":{"screen_h":"852"}}"#, field: "device.screen_h", #"found "852", expected a finite number of points"#),
        .record("numeric model", #"{"type":"session","session":"s2","experiment":"e","variant":"v","device":{"model":15}}"#, field: "device.model", "found 15, expected a string"),
        .record("device not an object", #"{"type":"session","session":"s2","experiment":"e","variant":"v","device":[1]}"#, field: "device", "found an array, expected an object"),
        .record("numeric app build", #"{"type":"session","session":"s2","experiment":"e","variant":"v","app":{"build":42}}"#, field: "app.build", "found 42, expected a string"),
        .record("app not an object", #"{"type":"session","session":"s2","experiment":"e","variant":"v","app":"MyApp"}"#, field: "app", #"found "MyApp", expected an object (name, version, build)"#),
        .record("app version twice", #"{"type":"session","session":"s2","experiment":"e","variant":"v","app":{"version":"1","version":"2"}}"#, field: "app.version", "appears more than once"),
        .record("numeric started_at", #"{"type":"session","session":"s2","experiment":"e","variant":"v","started_at":0}"#, field: "started_at", "found 0, expected a string"),
        .record("second header", Refusal.header, field: "type", "found a second header"),
    ]

    static let sessionsAndTouches: [Refusal] = [
        .record("unknown session", #"{"type":"frame","session":"s9","t":1}"#, field: "session", #"unknown session "s9": no session record on an earlier line declares it"#),
        .whole("session declared later", [Refusal.header, #"{"type":"frame","session":"s1","t":1}"#, Refusal.session],
               line: 2, field: "session", #"unknown session "s1""#),
        .after("unknown session after a known one", [#"{"type":"frame","session":"s1","t":1}"#, #"{"type":"frame","session":"s","t":1}"#],
               line: 4, field: "session", #"unknown session "s""#),
        .record("duplicate session", Refusal.session, field: "session", #"duplicate session id "s1": already declared on line 2"#),
        .after("second began", [Refusal.began, Refusal.began], line: 4, field: "phase",
               #"found a second began for touch 1 of session "s1" (the first is on line 3)"#),
        .after("record before its began in time", [Refusal.began, #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":4.999999999,"x":0,"y":0}"#],
               line: 4, field: "t", #"found 4.999999999, earlier than the began of touch 1 of session "s1" at 5 (line 3)"#),
        .after("held record earlier than its later began", [#"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":4,"x":0,"y":0}"#,
                                                            #"{"type":"frame","session":"s1","t":1}"#, Refusal.began],
               line: 3, field: "t", "found 4, earlier than the began of touch 1 of session \"s1\" at 5 (line 5)"),
        .after("touch that never began", [#"{"type":"frame","session":"s1","t":1}"#,
                                          #"{"type":"touch","session":"s1","touch":2,"phase":"ended","t":9,"x":0,"y":0}"#,
                                          #"{"type":"frame","session":"s1","t":2}"#],
               line: 4, field: "touch", #"touch 2 of session "s1" has no began record"#),
    ]

    static let headers: [Refusal] = [
        .whole("empty file", [], line: 1, field: nil, "empty capture: no non-blank line"),
        Refusal(name: "only blank lines", bytes: Array("\n  \r\n\t\n".utf8), line: 1, field: nil, phrase: "empty capture"),
        .whole("no header", [Refusal.session], line: 1, field: "type", "missing header: expected the header {\"type\":\"header\",\"format\":\"gesture-trace\",\"version\":1} as the first line, found a 'session' record"),
        .whole("header after blank lines is missing", ["", "  ", #"{"type":"frame"}"#], line: 3, field: "type", "found a 'frame' record"),
        .whole("not JSON at all", ["time,x,y"], line: 1, field: nil, "missing header: expected the header"),
        .whole("header without a type", [#"{"format":"gesture-trace","version":1}"#], line: 1, field: "type", "found an object without a string 'type'"),
        .whole("other format", [#"{"type":"header","format":"touch-log","version":1}"#], line: 1, field: "format",
               #"unsupported format "touch-log"; supported: gesture-trace version 1"#),
        .whole("missing format", [#"{"type":"header","version":1}"#], line: 1, field: "format", "missing; expected \"gesture-trace\" (supported: gesture-trace version 1)"),
        .whole("version 2", [#"{"type":"header","format":"gesture-trace","version":2}"#], line: 1, field: "version",
               "unsupported version 2 of gesture-trace; supported: gesture-trace version 1"),
        .whole("version as a string", [#"{"type":"header","format":"gesture-trace","version":"1"}"#], line: 1, field: "version", #"unsupported version "1""#),
        .whole("version 1.5", [#"{"type":"header","format":"gesture-trace","version":1.5}"#], line: 1, field: "version", "unsupported version 1.5"),
        .whole("numeric recorder", [#"{"type":"header","format":"gesture-trace","version":1,"recorder":2.3}"#], line: 1, field: "recorder", "found 2.3, expected a string"),
        .whole("missing version", [#"{"type":"header","format":"gesture-trace"}"#], line: 1, field: "version", "missing; expected 1"),
        Refusal(name: "header not UTF-8", bytes: Array(#"{"type":"header","format":"gesture-trace","version":1,"recorder":""#.utf8) + [0xFE] + Array("\"}\n".utf8),
                line: 1, field: nil, phrase: "bytes are not valid UTF-8 at column 67 (byte 0xFE)"),
    ]

    private func check(_ refusal: Refusal, options: TraceReader.Options = .init()) throws {
        let capture = try TemporaryCapture(bytes: refusal.bytes)
        let error = try #require(capture.strictError(options))
        #expect(error.file == capture.path)
        #expect(error.line == refusal.line)
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.phrase), "\(error.message)")
        let location = "\(capture.path):\(refusal.line): "
        let expected = location + (refusal.field.map { "field '\($0)': " } ?? "") + error.message
        #expect(error.description == expected)
    }

    @Test(arguments: malformedJSON)
    func malformedJSONIsRefused(_ refusal: Refusal) throws { try check(refusal) }

    @Test(arguments: notUTF8)
    func bytesThatAreNotUTF8AreRefused(_ refusal: Refusal) throws { try check(refusal) }

    @Test(arguments: wrongFields)
    func missingWronglyTypedAndOutOfEnumerationFieldsAreRefused(_ refusal: Refusal) throws { try check(refusal) }

    @Test(arguments: sessionsAndTouches)
    func sessionAndTouchRulesAreEnforced(_ refusal: Refusal) throws { try check(refusal) }

    @Test(arguments: headers)
    func missingOrUnsupportedHeadersAreRefused(_ refusal: Refusal) throws { try check(refusal) }

    @Test(arguments: headers)
    func headerProblemsAreThrownEvenWhenSkippingInvalidLines(_ refusal: Refusal) throws {
        try check(refusal, options: .init(skipInvalid: true))
    }

    @Test func aLineLongerThanTheLimitIsRefused() throws {
        let long = #"{"type":"frame","session":"s1","t":1,"pad":""# + String(repeating: "x", count: 200) + #""}"#
        let refusal = Refusal.after("long line", [long], line: 3, field: nil, "line is longer than 100 bytes (maxLineBytes)")
        try check(refusal, options: .init(maxLineBytes: 100))
    }

    @Test func theFirstErrorInFileOrderIsThrown() throws {
        // The held record on line 3 turns out earlier than its began on
        // line 6, which comes after the malformed line 4.
        let capture = try TemporaryCapture(lines: [
            Refusal.header, Refusal.session,
            #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":4,"x":0,"y":0}"#,
            "not json",
            #"{"type":"frame","session":"s9","t":1}"#,
            Refusal.began,
        ])
        let error = try #require(capture.strictError())
        #expect(error.line == 3)
        #expect(error.field == "t")
    }

    @Test func aHeldRecordNeverBeganBeforeALaterErrorIsFirst() throws {
        let capture = try TemporaryCapture(lines: [
            Refusal.header, Refusal.session,
            #"{"type":"touch","session":"s1","touch":3,"phase":"moved","t":4,"x":0,"y":0}"#,
            #"{"type":"frame","session":"s9","t":1}"#,
        ])
        let error = try #require(capture.strictError())
        #expect(error.line == 3)
        #expect(error.message.contains(#"touch 3 of session "s1" has no began record"#))
    }

    @Test func aHeldRecordThatTurnsOutValidDoesNotHideALaterError() throws {
        let capture = try TemporaryCapture(lines: [
            Refusal.header, Refusal.session,
            #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":6,"x":0,"y":0}"#,
            #"{"type":"frame","session":"s9","t":1}"#,
            Refusal.began,
        ])
        let error = try #require(capture.strictError())
        #expect(error.line == 4)
        #expect(error.field == "session")
    }
}
