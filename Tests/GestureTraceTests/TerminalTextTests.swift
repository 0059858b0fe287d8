import Testing
@testable import GestureTrace

struct TerminalTextTests {
    /// Text from a capture or a command line, and exactly how messages show it.
    static let table: [(text: String, shown: String)] = [
        ("plain id-1.jsonl", "plain id-1.jsonl"),
        ("", ""),
        ("a\u{1B}[31mred\u{1B}[0m", #"a\u001B[31mred\u001B[0m"#),
        ("s1\nimported evil.jsonl: 1 session", #"s1\nimported evil.jsonl: 1 session"#),
        ("cr\rtab\tend", #"cr\rtab\tend"#),
        ("\u{1B}]0;title\u{07}", #"\u001B]0;title\u0007"#),
        ("nul\u{0}after", #"nul\u0000after"#),
        ("\u{08}\u{0C}\u{1F}", #"\u0008\u000C\u001F"#),
        ("del\u{7F}", #"del\u007F"#),
        ("c1 \u{80}\u{85}\u{9B}\u{9F}", #"c1 \u0080\u0085\u009B\u009F"#),
        ("back\\slash", #"back\\slash"#),
        (#"\u001B as six characters"#, #"\\u001B as six characters"#),
        ("line\u{2028}para\u{2029}", #"line\u2028para\u2029"#),
        ("\u{202E}txt.exe\u{202C}", #"\u202Etxt.exe\u202C"#),
        ("\u{202A}\u{202B}\u{202D}", #"\u202A\u202B\u202D"#),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", #"\u2066\u2067\u2068\u2069"#),
        ("\u{200E}\u{200F}\u{061C}", #"\u200E\u200F\u061C"#),
        // Kept: printable neighbours of the escaped ranges, quotes, other scripts.
        (" ~\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}", " ~\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}"),
        ("\"quoted\" 'too'", "\"quoted\" 'too'"),
        ("é 😀 日本語 עברית", "é 😀 日本語 עברית"),
    ]

    @Test(arguments: table)
    func textIsShownEscaped(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text) == shown)
        #expect(TerminalText.escaped(Substring(text)) == shown)
    }

    @Test(arguments: table)
    func escapedTextIsOneLineWithoutControlsAndDecodesBack(_ text: String, _ shown: String) {
        let escaped = TerminalText.escaped(text)
        #expect(!escaped.unicodeScalars.contains { TerminalText.needsEscape($0) && $0 != "\\" })
        #expect(Self.unescaped(escaped) == text)
    }

    @Test func everyScalarBelowU0100EscapesExactlyWhenItIsAControlOrBackslash() {
        for value in UInt32(0)..<0x100 {
            let scalar = Unicode.Scalar(value)!
            let escaped = TerminalText.escaped(String(scalar))
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x5C
            #expect((escaped != String(scalar)) == isControl, "U+\(String(value, radix: 16))")
            #expect(Self.unescaped(escaped) == String(scalar))
        }
    }

    /// The inverse of the rule, written out independently: proves that no two
    /// texts are shown alike.
    static func unescaped(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)[...]
        var result = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            switch next {
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
                scalars = scalars.dropFirst(4)
                result.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
            default: Issue.record("stray escape \\\(next)")
            }
        }
        return String(result)
    }
}
