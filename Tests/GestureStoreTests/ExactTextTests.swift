import Testing
@testable import GestureStore

struct ExactTextTests {
    /// Canonically equivalent spellings are different keys, as in SQLite's
    /// BINARY collation; equal bytes are equal keys with equal hashes.
    @Test func textsCompareByteForByte() {
        #expect(ExactText("caf\u{E9}") != ExactText("cafe\u{301}"))
        #expect("caf\u{E9}" == "cafe\u{301}")  // what Swift's == would have said
        let built = String(["Canvas", "View"].joined())
        #expect(ExactText(built) == ExactText("CanvasView"))
        #expect(ExactText(built).hashValue == ExactText("CanvasView").hashValue)
        #expect(ExactText("") == ExactText(""))
        #expect(ExactText("abcdefgh") != ExactText("abcdefgh\u{0}"))
        #expect(ExactText("abcdefghi") != ExactText("abcdefghj"))
    }

    /// The cache answers with the text of the string it is given, whether
    /// the string is the very same value, an equal one built anew, a small
    /// one held inline, or one that collides with another in its slot.
    @Test func theCacheAnswersEachStringsOwnText() {
        var cache = ExactTextCache(slots: 2)
        var names: [String] = []
        for index in 0..<200 {
            // Long (heap) and short (inline) strings, many freed and rebuilt.
            names.append(index % 2 == 0 ? "UIButton<0x7f8a1c0d2e40>.target-\(index)" : "t\(index)")
        }
        for round in 0..<3 {
            for (index, name) in names.enumerated() {
                let rebuilt = round == 1 ? String(decoding: Array(name.utf8), as: UTF8.self) : name
                let text = cache.text(rebuilt)
                #expect(text == ExactText(name))
                #expect(Array(text.string.utf8) == Array(names[index].utf8))
            }
        }
    }
}
