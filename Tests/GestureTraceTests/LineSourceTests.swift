import Foundation
import Testing
@testable import GestureTrace

struct LineSourceTests {
    struct SeenLine: Equatable {
        var text: String
        var number: Int
        var isTooLong = false
    }

    /// Every line of `bytes`, read `chunkSize` bytes at a time.
    private func lines(_ bytes: [UInt8], chunkSize: Int, maxLineBytes: Int = 1 << 20) throws -> [SeenLine] {
        let capture = try TemporaryCapture(bytes: bytes)
        let descriptor = open(capture.path, O_RDONLY)
        let source = LineSource(descriptor: descriptor, ownsDescriptor: true, name: "test",
                                chunkSize: chunkSize, maxLineBytes: maxLineBytes)
        var seen: [SeenLine] = []
        while let line = try source.nextLine() {
            let text = String(decoding: UnsafeBufferPointer(start: line.bytes, count: line.count), as: UTF8.self)
            seen.append(SeenLine(text: text, number: line.number, isTooLong: line.isTooLong))
        }
        #expect(source.bytesRead == Int64(bytes.count))
        return seen
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64])
    func linesAreSplitWhateverTheChunkSize(chunkSize: Int) throws {
        let text = "\u{FEFF}first\r\nsecond\n\n\r\nthird line is longer\r\nlast"
        #expect(try lines(Array(text.utf8), chunkSize: chunkSize) == [
            SeenLine(text: "first", number: 1), SeenLine(text: "second", number: 2), SeenLine(text: "", number: 3),
            SeenLine(text: "", number: 4), SeenLine(text: "third line is longer", number: 5), SeenLine(text: "last", number: 6),
        ])
    }

    @Test func onlyALeadingByteOrderMarkIsRemoved() throws {
        let text = "a\n\u{FEFF}b\n"
        #expect(try lines(Array(("\u{FEFF}" + text).utf8), chunkSize: 4).map(\.text) == ["a", "\u{FEFF}b"])
    }

    @Test func aLoneCarriageReturnInsideALineIsKept() throws {
        #expect(try lines(Array("a\rb\r\r\n".utf8), chunkSize: 3).map(\.text) == ["a\rb\r"])
    }

    @Test(arguments: [3, 8, 1000])
    func overLongLinesAreCutAndSkippedToTheirEnd(chunkSize: Int) throws {
        let text = "short\n" + String(repeating: "x", count: 50) + "\nok\n" + String(repeating: "z", count: 30)
        #expect(try lines(Array(text.utf8), chunkSize: chunkSize, maxLineBytes: 10) == [
            SeenLine(text: "short", number: 1),
            SeenLine(text: "xxxxxxxxxx", number: 2, isTooLong: true),
            SeenLine(text: "ok", number: 3),
            SeenLine(text: "zzzzzzzzzz", number: 4, isTooLong: true),
        ])
    }

    @Test func aLineOfExactlyTheLimitIsAcceptedWithOrWithoutCR() throws {
        let text = "0123456789\r\n0123456789\n01234567890\n"
        #expect(try lines(Array(text.utf8), chunkSize: 4, maxLineBytes: 10) == [
            SeenLine(text: "0123456789", number: 1), SeenLine(text: "0123456789", number: 2),
            SeenLine(text: "0123456789", number: 3, isTooLong: true),
        ])
    }

    @Test func emptyInputHasNoLines() throws {
        #expect(try lines([], chunkSize: 4).isEmpty)
    }
}
