import Testing
@testable import GestureTrace

/// Names and labels longer than `TraceLimits.maxTextBytes` (512 bytes of
/// UTF-8) are refused on their line, naming the field; 512 bytes are taken.
struct TraceReaderNameLengthTests {
    static let long = String(repeating: "v", count: 513)
    static let limit = String(repeating: "v", count: 512)
    /// 257 two-byte characters: 514 bytes.
    static let longInBytes = String(repeating: "é", count: 257)

    /// One line naming `name` in `field`, and the line it stands on.
    struct Case: Sendable, CustomTestStringConvertible {
        var field: String
        var lines: @Sendable (String) -> [String]
        var line: Int
        var testDescription: String { field }
    }

    static let session = TemporaryCapture.session
    static let cases: [Case] = [
        Case(field: "session", lines: { [#"{"type":"session","session":"\#($0)","experiment":"e","variant":"a"}"#] }, line: 2),
        Case(field: "experiment", lines: { [#"{"type":"session","session":"s1","experiment":"\#($0)","variant":"a"}"#] }, line: 2),
        Case(field: "variant", lines: { [#"{"type":"session","session":"s1","experiment":"e","variant":"\#($0)"}"#] }, line: 2),
        Case(field: "config.k", lines: { [#"{"type":"session","session":"s1","experiment":"e","variant":"a","config":{"k":"\#($0)"}}"#] }, line: 2),
        Case(field: "device.model", lines: { [#"{"type":"session","session":"s1","experiment":"e","variant":"a","device":{"model":"\#($0)"}}"#] }, line: 2),
        Case(field: "recognizer", lines: { [session, #"{"type":"transition","session":"s1","recognizer":"\#($0)","to":"began","t":1}"#] }, line: 3),
        Case(field: "class", lines: { [session, #"{"type":"transition","session":"s1","recognizer":"r","to":"began","t":1,"class":"\#($0)"}"#] }, line: 3),
        Case(field: "target", lines: { [session, #"{"type":"delivery","session":"s1","target":"\#($0)","event":"e","via":"v","t":1}"#] }, line: 3),
        Case(field: "event", lines: { [session, #"{"type":"delivery","session":"s1","target":"t","event":"\#($0)","via":"v","t":1}"#] }, line: 3),
        Case(field: "via", lines: { [session, #"{"type":"delivery","session":"s1","target":"t","event":"e","via":"\#($0)","t":1}"#] }, line: 3),
        // The target declared after the touch, so that the `hit` comes first.
        Case(field: "hit", lines: { [session, #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":0,"y":0,"hit":"\#($0)"}"#,
                                     #"{"type":"target","session":"s1","target":"\#($0)","t":1,"x":0,"y":0,"w":1,"h":1}"#] }, line: 3),
    ]

    private func capture(_ lines: [String]) throws -> TemporaryCapture {
        try TemporaryCapture(lines: [TemporaryCapture.header] + lines)
    }

    @Test(arguments: cases)
    func aNameOfMoreThan512BytesIsRefusedOnItsLine(_ refusal: Case) throws {
        let capture = try capture(refusal.lines(Self.long))
        let error = try #require(capture.strictError())
        #expect(error.line == refusal.line)
        #expect(error.field == refusal.field)
        #expect(error.message == "found a string of 513 bytes (\"\(String(repeating: "v", count: 60))…\"); expected at most "
            + "512 bytes of UTF-8 (names and labels are bounded so that the shared store's indexes can hold them)")
    }

    @Test(arguments: cases)
    func bytesNotCharactersAreCounted(_ refusal: Case) throws {
        let error = try #require(try capture(refusal.lines(Self.longInBytes)).strictError())
        #expect(error.field == refusal.field)
        #expect(error.message.hasPrefix("found a string of 514 bytes"))
    }

    @Test(arguments: cases)
    func aNameOf512BytesIsTaken(_ refusal: Case) throws {
        #expect(try capture(refusal.lines(Self.limit)).strictError() == nil)
    }

    /// Escapes count as the bytes they decode to: `\u00e9` is 2 bytes, not 6.
    @Test func escapesCountAsTheirDecodedBytes() throws {
        let escaped = String(repeating: #"\u00e9"#, count: 256)  // 512 bytes decoded, 1,536 written
        let taken = try capture([#"{"type":"session","session":"s1","experiment":"e","variant":"\#(escaped)"}"#])
        let records = try taken.records()
        guard case .session(let session) = records[0].record else { Issue.record("not a session"); return }
        #expect(session.variant == String(repeating: "é", count: 256))
        let refused = try capture([#"{"type":"session","session":"s1","experiment":"e","variant":"\#(escaped)x"}"#])
        #expect(refused.strictError()?.message.hasPrefix("found a string of 513 bytes") == true)
    }

    @Test func aConfigKeyOfMoreThan512BytesIsRefused() throws {
        let error = try #require(try capture([
            #"{"type":"session","session":"s1","experiment":"e","variant":"a","config":{"\#(Self.long)":1}}"#,
        ]).strictError())
        #expect(error.line == 2)
        #expect(error.field == "config")
        #expect(error.message.hasPrefix("found a key of 513 bytes (\"vvv"))
        #expect(error.message.hasSuffix("expected keys of at most 512 bytes of UTF-8 (names and labels are bounded so "
            + "that the shared store's indexes can hold them)"))
    }

    /// The refusal of a line in a capture read with --skip-invalid: the
    /// line goes, the capture's other lines stay.
    @Test func skippingInvalidLinesSkipsTheLongName() throws {
        let capture = try capture([
            Self.session,
            #"{"type":"delivery","session":"s1","target":"\#(Self.long)","event":"e","via":"v","t":1}"#,
            #"{"type":"frame","session":"s1","t":2}"#,
        ])
        let items = try capture.items(.init(skipInvalid: true))
        #expect(items.compactMap(\.record).count == 2)
        #expect(items.filter { $0.record == nil }.map(\.line) == [3])
    }
}
