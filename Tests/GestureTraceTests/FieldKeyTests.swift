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

    @Test func namesAreAsCapturesSpellThem() {
        #expect(FieldKey.allCases.map(\.name) == [
            "type", "format", "version", "recorder", "session", "experiment", "variant", "config", "device",
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
