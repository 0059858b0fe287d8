import Testing
@testable import GestureTrace

/// A capture whose recorder stopped mid-line: its last line has no line end
/// and does not parse.
struct TraceReaderCutOffTests {
    static let lines = [
        TemporaryCapture.header,
        #"{"type":"session","session":"s1","experiment":"exp","variant":"a","device":{"model":"iPhone","screen_w":393,"screen_h":852}}"#,
        #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":10.5,"x":380,"y":840}"#,
        #"{"type":"frame","session":"s1","t":10.51}"#,
        // Multi-byte characters, so that some cuts fall inside one.
        #"{"type":"delivery","session":"s1","target":"record é 😀","event":"touchDown","via":"control-event","t":10.75,"touch":1}"#,
    ]
    static let complete = Array(lines.dropLast().map { $0 + "\n" }.joined().utf8)
    static let last = Array(lines.last!.utf8)

    static func advice(_ inner: String) -> String {
        "the capture appears cut off: its last line has no line end and does not parse (\(inner)), as when the app stops while recording; import with --skip-invalid to keep every complete line"
    }

    static func explanation(_ inner: String) -> String {
        "the capture appears cut off: its last line has no line end and does not parse (\(inner)), as when the app stops while recording"
    }

    /// The refusal of the same cut line when a line end follows it: what
    /// the cut-off message must carry inside its parentheses.
    static func ordinaryMessage(_ cut: [UInt8]) throws -> String {
        let capture = try TemporaryCapture(bytes: complete + cut + [0x0A])
        return try #require(capture.strictError()).message
    }

    @Test(arguments: 1..<last.count)
    func aLastLineCutAtAnyByteIsRefusedAsCutOff(_ length: Int) throws {
        let cut = Array(Self.last.prefix(length))
        let capture = try TemporaryCapture(bytes: Self.complete + cut)
        let inner = try Self.ordinaryMessage(cut)
        #expect(inner.hasPrefix("malformed JSON") || inner.hasPrefix("bytes are not valid UTF-8"))

        let error = try #require(capture.strictError())
        #expect(error.line == 5)
        #expect(error.field == nil)
        #expect(error.message == Self.advice(inner))

        let items = try capture.items(.init(skipInvalid: true))
        #expect(items.map(\.line) == [2, 3, 4, 5])
        #expect(items.dropLast().allSatisfy { $0.record != nil })
        let rejection = try #require(items.last?.rejection)
        #expect(rejection.error.message == Self.explanation(inner))
        #expect(rejection.text == cut)
    }

    @Test func aWholeLastLineWithoutLineEndIsAccepted() throws {
        for ending: [UInt8] in [[], [0x0D], [0x20, 0x09]] {
            let capture = try TemporaryCapture(bytes: Self.complete + Self.last + ending)
            #expect(try capture.records().map(\.line) == [2, 3, 4, 5])
        }
    }

    @Test func aLastLineWithoutLineEndThatParsesButIsWrongIsAnOrdinaryRefusal() throws {
        let capture = try TemporaryCapture(bytes: Self.complete + Array(#"{"type":"frame","session":"s9","t":1}"#.utf8))
        let error = try #require(capture.strictError())
        #expect(error.description == "\(capture.path):5: field 'session': unknown session \"s9\": no session record on an earlier line declares it")
    }

    /// A line cut in the middle of the file, followed by more lines, was not
    /// cut off by a stopping recorder: the ordinary refusal, no advice.
    @Test(arguments: [1, 2, 17, 40, 70, 81])
    func aLineCutInTheMiddleIsAnOrdinaryRefusal(_ length: Int) throws {
        let middle = Array(Self.lines[2].utf8)
        let bytes = Array((Self.lines[0] + "\n" + Self.lines[1] + "\n").utf8) + middle.prefix(length) + [0x0A]
            + Array((Self.lines[3] + "\n" + Self.lines[4]).utf8)
        let capture = try TemporaryCapture(bytes: bytes)
        let error = try #require(capture.strictError())
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("malformed JSON at column"))
        #expect(!error.message.contains("cut off"))
    }

    @Test(arguments: 1..<TemporaryCapture.header.utf8.count)
    func aCaptureCutWithinItsHeaderSaysSo(_ length: Int) throws {
        let cut = Array(TemporaryCapture.header.utf8.prefix(length))
        let capture = try TemporaryCapture(bytes: cut)
        let withLineEnd = try TemporaryCapture(bytes: cut + [0x0A])
        let inner = try #require(withLineEnd.strictError()).message
        for options in [TraceReader.Options(), .init(skipInvalid: true)] {
            let error = try #require(capture.strictError(options))
            #expect(error.line == 1)
            #expect(error.message == "the capture appears cut off: its header line has no line end and does not parse (\(inner)), as when the app stops while recording; nothing of it can be imported")
        }
    }

    /// Lines separated by CR alone read as one line without a line end:
    /// not cut off, and the message says what the file is.
    @Test(arguments: ["\r", "\r\r", "\r \t"])
    func carriageReturnsAloneAreNamed(_ separator: String) throws {
        let text = [TemporaryCapture.header, TemporaryCapture.session,
                    #"{"type":"frame","session":"s1","t":1}"#].joined(separator: separator) + separator
        let capture = try TemporaryCapture(bytes: Array(text.utf8))
        for options in [TraceReader.Options(), .init(skipInvalid: true)] {
            let error = try #require(capture.strictError(options))
            #expect(error.line == 1)
            #expect(error.message == "lines end with a carriage return alone (CR, as old Mac OS wrote them), so the file reads as one line; expected LF or CRLF line ends")
        }
    }
}
