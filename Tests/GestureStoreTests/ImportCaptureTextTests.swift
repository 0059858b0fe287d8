import Foundation
import GRDB
import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

/// Hostile capture text, NUL, out-of-range times and cut-off captures,
/// through the importer: what is stored, what is said, on one line each.
@Suite struct ImportCaptureTextTests {
    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#

    @Test func summaryAndWarningLinesEscapeTheFileNameAndTypeNames() {
        let summary = ImportSummary(
            displayName: "run\u{1B}[2K\rimported other.jsonl", outcome: .imported(captureID: 1), sha256: "ab",
            byteCount: 10, recordCounts: ["session": 1, "frame": 2],
            unknownTypeCounts: ["\u{1B}]0;pwned\u{07}": 1, "note\nimported x.jsonl: 9 sessions": 2, "dropped": 3],
            rejectedCount: 0, seconds: 0.5)
        #expect(summary.summaryLine == #"imported run\u001B[2K\rimported other.jsonl: 1 session; 3 records (touch 0, transition 0, delivery 0, frame 2) in 0.500 s, 6 records/s"#)
        #expect(summary.unknownTypesWarning == #"run\u001B[2K\rimported other.jsonl: warning: skipped 6 lines of unknown type ("\u001B]0;pwned\u0007" 1, "dropped" 3, "note\nimported x.jsonl: 9 sessions" 2)"#)
        var many = summary
        many.unknownTypeLinesNotNamed = 1_234
        #expect(many.unknownTypesWarning?.hasSuffix(#"warning: skipped 1,240 lines of unknown type ("\u001B]0;pwned\u0007" 1, "dropped" 3, "note\nimported x.jsonl: 9 sessions" 2, 1,234 of other types)"#) == true)
        var one = summary
        one.recordCounts = ["session": 1]
        #expect(one.summaryLine.contains(": 1 session; 1 record (touch 0, "))
        var again = summary
        again.outcome = .alreadyImported(captureID: 1)
        #expect(again.summaryLine == #"run\u001B[2K\rimported other.jsonl: already imported (capture 1, same SHA-256 ab…); nothing changed"#)
    }

    @Test func hostileTextIsStoredExactlyAndRejectionsAreSingleLines() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("hostile.jsonl", [
            Self.header,
            #"{"type":"session","session":"\u001b[31mred\nimported x","experiment":"\u0085e","variant":"\u202ev","config":{"k\r":"\u007f"}}"#,
            #"{"type":"\u001b[2Jclear","session":"x"}"#,
            #"{"type":"frame","session":"\u001b[31mgreen","t":1}"#,
            #"{"type":"frame","session":"\u001b[31mred\nimported x","t":2}"#,
        ].joined(separator: "\n") + "\n")
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        var rejections: [String] = []
        let summary = try CaptureImporter(database: database).importCapture(
            path: path, skipInvalid: true, onRejection: { rejections.append("\($0.error)") })
        #expect(rejections == [#"\#(path):4: field 'session': unknown session "\u001B[31mgreen": no session record on an earlier line declares it"#])
        #expect(summary.unknownTypesWarning == #"\#(path): warning: skipped 1 line of unknown type ("\u001B[2Jclear" 1)"#)
        let stored = try database.connection.read { db in
            try Row.fetchOne(db, sql: "SELECT session, experiment, variant, key, value FROM session JOIN session_config ON session_id = session.id")
        }
        #expect(stored == ["session": "\u{1B}[31mred\nimported x", "experiment": "\u{85}e", "variant": "\u{202E}v",
                           "key": "k\r", "value": "\u{7F}"])
    }

    /// Two ids that differ only after a NUL were once cut to one id and hit
    /// SQLite's UNIQUE constraint; both are refused with their lines now.
    @Test func sessionIdsWithNULAreRejectedByLineAndTheRestImports() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("nul.jsonl", [
            Self.header,
            #"{"type":"session","session":"run\u0000one","experiment":"e","variant":"v"}"#,
            #"{"type":"session","session":"run\u0000two","experiment":"e","variant":"v"}"#,
            #"{"type":"session","session":"run","experiment":"e\u0000x","variant":"v"}"#,
            #"{"type":"session","session":"ok","experiment":"e","variant":"v"}"#,
        ].joined(separator: "\n") + "\n")
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let strict = #expect(throws: TraceError.self) { try CaptureImporter(database: database).importCapture(path: path) }
        #expect(strict?.description == #"\#(path):2: field 'session': found "run\u0000one", which contains a NUL character (U+0000); expected a string without NUL"#)
        #expect(try rowCounts(database).values.allSatisfy { $0 == 0 })

        var rejected: [(Int, String?)] = []
        let summary = try CaptureImporter(database: database).importCapture(
            path: path, skipInvalid: true, onRejection: { rejected.append(($0.error.line, $0.error.field)) })
        #expect(rejected.map(\.0) == [2, 3, 4])
        #expect(rejected.map(\.1) == ["session", "session", "experiment"])
        #expect(summary.rejectedCount == 3)
        #expect(try database.connection.read { try String.fetchAll($0, sql: "SELECT session FROM session") } == ["ok"])
    }

    /// The report's capture: a began at t = -9e9 s and a delivery at 9e9 s.
    /// With --skip-invalid both lines are rejected and the rest imports.
    @Test func timesBeyondTheRangeAreRejectedByLineAndTheRestImports() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("overflow.jsonl", [
            Self.header,
            #"{"type":"session","session":"s","experiment":"e","variant":"v"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":-9e9,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s","target":"b","event":"touchDown","via":"control-event","t":9e9}"#,
            #"{"type":"touch","session":"s","touch":2,"phase":"began","t":10,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s","target":"b","event":"touchDown","via":"control-event","t":10.25}"#,
        ].joined(separator: "\n") + "\n")
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        var rejected: [String] = []
        let summary = try CaptureImporter(database: database).importCapture(
            path: path, skipInvalid: true, onRejection: { rejected.append("\($0.error)") })
        #expect(rejected.count == 2)
        #expect(rejected.first?.hasPrefix("\(path):3: field 't': found -9e9, out of range; expected seconds between") == true)
        #expect(rejected.last?.hasPrefix("\(path):4: field 't': found 9e9, out of range") == true)
        #expect(summary.recordCounts == ["session": 1, "touch": 1, "delivery": 1])
        let latencies = try database.connection.read { try Int64.fetchAll($0, sql: "SELECT latency_ns FROM responses") }
        #expect(latencies == [250_000_000])
    }

    @Test func aCutOffCaptureIsRefusedWholeOrImportsEveryCompleteLine() throws {
        let folder = try ScratchFolder()
        let complete = [
            Self.header,
            #"{"type":"session","session":"s","experiment":"e","variant":"v"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":10,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s","target":"b","event":"touchDown","via":"control-event","t":10.5}"#,
        ].joined(separator: "\n") + "\n"
        let path = try folder.write("cut.jsonl", complete + #"{"type":"frame","session":"s","t":10.6"#)
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let strict = #expect(throws: TraceError.self) { try CaptureImporter(database: database).importCapture(path: path) }
        #expect(strict?.description == "\(path):5: the capture appears cut off: its last line has no line end and does not parse (malformed JSON at column 39: expected ',' or '}' after a value, found end of line), as when the app stops while recording; import with --skip-invalid to keep every complete line")
        #expect(try rowCounts(database).values.allSatisfy { $0 == 0 })

        var rejected: [String] = []
        let summary = try CaptureImporter(database: database).importCapture(
            path: path, skipInvalid: true, onRejection: { rejected.append("\($0.error)") })
        #expect(rejected == ["\(path):5: the capture appears cut off: its last line has no line end and does not parse (malformed JSON at column 39: expected ',' or '}' after a value, found end of line), as when the app stops while recording"])
        #expect(summary.recordCounts == ["session": 1, "touch": 1, "delivery": 1])
        #expect(try database.connection.read { try Int64.fetchAll($0, sql: "SELECT latency_ns FROM responses") } == [500_000_000])
    }

    @Test func aFolderGivenAsACaptureIsNamedEscaped() throws {
        let folder = try ScratchFolder()
        let odd = folder.path("dir\u{1B}[31m\nx")
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: false)
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let error = #expect(throws: StoreError.self) { try CaptureImporter(database: database).importCapture(path: odd) }
        #expect(error?.message == "cannot import \(folder.url.path)/dir\\u001B[31m\\nx: it is a folder, not a capture file")
    }
}
