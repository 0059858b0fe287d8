import Testing
@testable import GestureAnalysis

/// Columns a terminal gives a text. Python's `wcwidth` package (0.7.0,
/// `wcswidth`) gives the same for every case of the table.
@Suite struct TerminalWidthTests {
    @Test(arguments: [
        ("record-button", 13),
        ("録音ボタン", 10),          // CJK ideographs and katakana: two each
        ("ｶﾞ", 2),                  // halfwidth katakana and its mark: one each
        ("Ａ", 2),                  // fullwidth Latin
        ("한글", 4),                // Hangul syllables
        ("👍", 2),
        ("👍🏽", 2),                 // with a skin-tone modifier: one emoji
        ("👩‍💻", 2),                 // a ZWJ sequence: one emoji
        ("🇯🇵", 2),                  // a flag: two regional indicators
        ("❤️", 2),                  // U+2764 with the emoji variation selector
        ("❤", 1),                   // without it: text presentation
        ("#️⃣", 2),                  // a keycap
        ("e\u{301}", 1),            // e with a combining acute
        ("a\u{200B}b", 2),          // a zero-width space
        ("\u{2068}on\u{2069}", 2),  // bidi isolates take no column
        ("", 0),
    ])
    func columns(text: String, expected: Int) {
        #expect(TerminalWidth.columns(of: text) == expected)
    }

    /// Before, a column was as wide as its cells' characters, so a name of
    /// five CJK characters pushed every cell after it five columns right.
    @Test func aTableOfWideNamesLinesUp() {
        var table = TextTable(alignments: [.left, .right], separator: "  ")
        table.append(["target", "n"])
        table.appendRule()
        table.append(["録音ボタン", "12"])
        table.append(["👍 button", "3"])
        table.append(["stop", "100"])
        #expect(table.text == """
            target        n
            ----------  ---
            録音ボタン   12
            👍 button     3
            stop        100

            """)
    }
}
