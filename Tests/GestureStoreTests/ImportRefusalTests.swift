import Foundation
import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

/// Every refusal of docs/capture-format.md, through the store: the error names the
/// file, the line and the field, and nothing of the file is stored.
@Suite struct ImportRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        var bytes: [UInt8]? = nil
        var line: Int
        var field: String?
        var phrase: String
        var testDescription: String { name }
    }

    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#
    static let session = #"{"type":"session","session":"s","experiment":"e","variant":"v"}"#
    static let began = #"{"type":"touch","session":"s","touch":1,"phase":"began","t":5,"x":1,"y":2}"#

    static let cases: [Case] = [
        Case(name: "malformed JSON", lines: [header, session, #"{"type":"frame","session":"s","t":1"#],
             line: 3, field: nil, phrase: "JSON"),
        Case(name: "missing required field", lines: [header, session, #"{"type":"frame","session":"s"}"#],
             line: 3, field: "t", phrase: "missing"),
        Case(name: "wrongly typed field", lines: [header, session, #"{"type":"frame","session":"s","t":"1.5"}"#],
             line: 3, field: "t", phrase: "number"),
        Case(name: "value outside the enumeration",
             lines: [header, session, #"{"type":"touch","session":"s","touch":1,"phase":"begun","t":5,"x":1,"y":2}"#],
             line: 3, field: "phase", phrase: "begun"),
        Case(name: "non-finite number", lines: [header, session, #"{"type":"frame","session":"s","t":1e999}"#],
             line: 3, field: "t", phrase: "finite"),
        Case(name: "unknown session id", lines: [header, session, #"{"type":"frame","session":"x","t":1}"#],
             line: 3, field: "session", phrase: "x"),
        Case(name: "duplicate session id", lines: [header, session, session],
             line: 3, field: "session", phrase: "s"),
        Case(name: "second began for one touch", lines: [header, session, began, began],
             line: 4, field: "phase", phrase: "began"),
        Case(name: "touch record before its began",
             lines: [header, session, began, #"{"type":"touch","session":"s","touch":1,"phase":"moved","t":4,"x":1,"y":2}"#],
             line: 4, field: "t", phrase: "began"),
        Case(name: "missing header", lines: [session], line: 1, field: nil, phrase: "header"),
        Case(name: "unsupported format",
             lines: [#"{"type":"header","format":"other-trace","version":1}"#], line: 1, field: "format", phrase: "gesture-trace"),
        Case(name: "unsupported version",
             lines: [#"{"type":"header","format":"gesture-trace","version":2}"#], line: 1, field: "version", phrase: "2"),
        Case(name: "empty file", lines: [], line: 1, field: nil, phrase: "empty"),
        Case(name: "NUL inside a string", lines: [header, #"{"type":"session","session":"s\u0000x","experiment":"e","variant":"v"}"#],
             line: 2, field: "session", phrase: "NUL"),
        Case(name: "time outside ±2^62 ns", lines: [header, session, #"{"type":"frame","session":"s","t":4611686018.427387904}"#],
             line: 3, field: "t", phrase: "out of range"),
        Case(name: "last line cut off", lines: [], bytes: Array((header + "\n" + session + "\n" + #"{"type":"frame","se"#).utf8),
             line: 3, field: nil, phrase: "cut off"),
        Case(name: "bytes that are not UTF-8", lines: [],
             bytes: Array((header + "\n" + session + "\n").utf8) + Array(#"{"type":"frame","session":""#.utf8) + [0xFF]
                + Array(#"","t":1}"#.utf8) + [0x0A],
             line: 3, field: nil, phrase: "UTF-8"),
    ]

    @Test(arguments: cases)
    func refusedFileStoresNothing(_ refusal: Case) throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let importer = CaptureImporter(database: database)
        _ = try importer.importCapture(path: try folder.write("good.jsonl", sampleCapture))
        let before = try rowCounts(database)

        let bytes = refusal.bytes ?? Array(refusal.lines.map { $0 + "\n" }.joined().utf8)
        let path = try folder.write("bad.jsonl", bytes: bytes)
        let error = #expect(throws: TraceError.self) { try importer.importCapture(path: path) }

        #expect(error?.file == path)
        #expect(error?.line == refusal.line)
        #expect(error?.description.hasPrefix("\(path):\(refusal.line): ") == true)
        if let field = refusal.field {
            #expect(error?.field == field, "\(error?.description ?? "")")
        }
        #expect(error?.description.contains(refusal.phrase) == true, "\(error?.description ?? "")")
        #expect(try rowCounts(database) == before)
    }
}
