import Testing
@testable import GestureTrace

struct FieldKeyTests {
    private func identify(_ key: String) -> FieldKey? {
        Array(key.utf8).withUnsafeBufferPointer { FieldKey.identify($0.baseAddress!, count: $0.count) }
    }

    @Test(arguments: FieldKey.allCases)
    func everyKeyIsRecognisedByItsName(key: FieldKey) {
        #expect(identify(key.name) == key)
    }

    /// Keys are compared as words: a key with any one byte changed (to a
    /// neighbouring letter, its other case, or NUL) is the key of that
    /// spelling if there is one, else no key.
    @Test(arguments: FieldKey.allCases)
    func everyOneByteChangeIsAnotherKeyOrNone(key: FieldKey) {
        let name = Array(key.name.utf8)
        for index in name.indices {
            for changed in [name[index] ^ 0x01, name[index] ^ 0x20, 0] {
                var spelling = name
                spelling[index] = changed
                let text = String(decoding: spelling, as: UTF8.self)
                #expect(identify(text) == FieldKey.allCases.first { $0.name == text })
            }
        }
    }

    @Test func namesAreAsCapturesSpellThem() {
        #expect(FieldKey.allCases.map(\.name) == [
            "type", "format", "version", "recorder", "session", "experiment", "variant", "config", "device", "app",
            "started_at", "touch", "phase", "t", "x", "y", "radius", "force", "kind", "recognizer", "to", "from",
            "class", "target", "event", "via", "count", "kinds", "w", "h", "hit_x", "hit_y", "hit_w", "hit_h", "hit",
        ])
    }

    @Test(arguments: ["", "Type", "types", "typ", "t\u{0}", "type\u{0}", "startedAt", "recognizers", "recognizeR",
                      "experimenT", "recognizerClass", "sessions", "extra", "xx", "T", "W", "hits", "hit_z", "hitX"])
    func otherKeysAreNotRecognised(key: String) {
        #expect(identify(key) == nil)
    }
}
