import Testing
@testable import GestureTrace

struct TraceReaderSkipInvalidTests {
    private let header = TemporaryCapture.header
    private let session = TemporaryCapture.session

    @Test func invalidLinesBecomeRejectionsWithTheirTextAndReadingGoesOn() throws {
        let lines = [
            header, session,
            "not json",                                                                          // 3
            #"{"type":"frame","session":"s1","t":1}"#,                                           // 4
            #"{"type":"frame","session":"s9","t":1}"#,                                           // 5
            #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":4,"x":0,"y":0}"#,     // 6: held, too early
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":5,"x":0,"y":0}"#,     // 7
            #"{"type":"touch","session":"s1","touch":2,"phase":"ended","t":9,"x":0,"y":0}"#,     // 8: never began
            "",
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":6,"x":0,"y":0}"#,     // 10: second began
            #"{"type":"frame","session":"s1","t":2}"#,                                           // 11
        ]
        let capture = try TemporaryCapture(lines: lines)
        var reader = try capture.reader(.init(skipInvalid: true))
        var items: [TraceReader.Item] = []
        while let item = try reader.next() { items.append(item) }

        #expect(items.map(\.line) == [2, 3, 4, 5, 7, 6, 10, 11, 8])
        #expect(items.map { $0.rejection != nil } == [false, true, false, true, false, true, true, false, true])
        let rejections = items.compactMap(\.rejection)
        #expect(rejections.map { String(decoding: $0.text, as: UTF8.self) } == [lines[2], lines[4], lines[5], lines[9], lines[7]])
        #expect(rejections.map(\.error.field) == [nil, "session", "t", "phase", "touch"])
        #expect(rejections.allSatisfy { $0.error.file == capture.path })
        #expect(rejections[0].error.message == "malformed JSON at column 1: expected a JSON object starting with '{', found 'n'")
        #expect(rejections[4].error.message == #"touch 2 of session "s1" has no began record; expected one began per touch"#)
        #expect(reader.recordCounts == ["session": 1, "frame": 2, "touch": 1])
    }

    @Test func rejectedSessionsStayUndeclared() throws {
        let capture = try TemporaryCapture(lines: [
            header,
            #"{"type":"session","session":"s1","experiment":"e"}"#,
            #"{"type":"frame","session":"s1","t":1}"#,
        ])
        let items = try capture.items(.init(skipInvalid: true))
        #expect(items.map { $0.rejection?.error.field } == ["variant", "session"])
    }

    @Test func aTooLongLineIsRejectedWithItsBeginningAndTheNextLineIsRead() throws {
        let long = #"{"type":"frame","session":"s1","t":1,"pad":""# + String(repeating: "y", count: 3000) + #""}"#
        let capture = try TemporaryCapture(lines: [header, session, long, #"{"type":"frame","session":"s1","t":2}"#])
        let items = try capture.items(.init(skipInvalid: true, maxLineBytes: 100))
        #expect(items.map(\.line) == [2, 3, 4])
        let rejection = try #require(items[1].rejection)
        #expect(rejection.text == Array(long.utf8.prefix(100)))
        #expect(rejection.error.message == "line is longer than 100 bytes (maxLineBytes); expected one record per line")
        #expect(items[2].record == .frame(FrameRecord(session: "s1", timeNanos: 2_000_000_000)))
    }

    @Test func invalidUTF8IsRejectedWithTheRawBytes() throws {
        let bad = Array(#"{"type":"frame","session":"s"#.utf8) + [0xC3, 0x28] + Array(#"","t":1}"#.utf8)
        let bytes = Array((header + "\n" + session + "\n").utf8) + bad + Array("\r\n".utf8)
        let capture = try TemporaryCapture(bytes: bytes)
        let items = try capture.items(.init(skipInvalid: true))
        let rejection = try #require(items.last?.rejection)
        #expect(rejection.text == bad)
        #expect(rejection.error.line == 3)
        #expect(rejection.error.message == "bytes are not valid UTF-8 at column 29 (byte 0xC3)")
    }
}
