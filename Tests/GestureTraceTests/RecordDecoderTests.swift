import Testing
@testable import GestureTrace

/// The decoder's fast dispatch on `type` against the one list of record
/// kinds, `TraceRecord.Kind`.
@Suite struct RecordDecoderTests {
    @Test(arguments: TraceRecord.Kind.allCases)
    func everyKindIsDecodedByItsName(_ kind: TraceRecord.Kind) {
        let named = Array(kind.name.utf8).withUnsafeBufferPointer { RecordDecoder.kind(named: $0) }
        #expect(named == kind)
    }

    /// Near misses: a prefix, a longer word, another case, the header.
    @Test(arguments: ["touc", "touches", "Touch", "TOUCH", "sessions", "header", "frames", "drop", "transitio", ""])
    func otherStringsNameNoKind(_ type: String) {
        #expect(Array(type.utf8).withUnsafeBufferPointer { RecordDecoder.kind(named: $0) } == nil)
    }

    @Test func messagesListEveryKind() {
        #expect(RecordDecoder.kindList == "session, touch, transition, delivery, frame, dropped, target")
    }
}
