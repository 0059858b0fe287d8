import Foundation
import Testing
import TestScratch

/// What `import` prints about hostile captures: every line its own, no
/// terminal control characters, whatever the capture or the file name holds.
@Suite struct ImportCaptureTextTests {
    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#

    /// Lines of standard error, which must hold no ESC, CR or other control.
    static func lines(_ standardError: String) -> [String] {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(line.debugDescription)")
        }
        // A new store says once that it was created; these tests are about the lines after it.
        return lines.first?.hasPrefix("created lab.sqlite (gesturelab schema version") == true
            ? Array(lines.dropFirst()) : lines
    }

    @Test func hostileTextCannotForgeOrRecolourALine() throws {
        let folder = try ScratchFolder()
        let name = "run\u{1B}[31m\nimported fake.jsonl"
        try folder.write(name, [
            Self.header,
            #"{"type":"session","session":"s1","experiment":"e","variant":"v"}"#,
            #"{"type":"\u001b[2J\nimported x.jsonl: 9 sessions","session":"s1"}"#,
            #"{"type":"frame","session":"\u001b]0;title\u0007\nimported y.jsonl: 1 session","t":1}"#,
            #"{"type":"frame","session":"s1","t":2}"#,
        ].joined(separator: "\n") + "\n")
        let result = try folder.run(["import", "--db", "lab.sqlite", "--skip-invalid", name])
        #expect(result.status == 0, "\(result.standardError)")
        let path = #"run\u001B[31m\nimported fake.jsonl"#
        let lines = Self.lines(result.standardError)
        #expect(lines.count == 4)
        #expect(lines[0] == #"\#(path):4: field 'session': unknown session "\u001B]0;title\u0007\nimported y.jsonl: 1 session": no session record on an earlier line declares it (line skipped)"#)
        #expect(lines[1] == #"\#(path): warning: skipped 1 line of unknown type ("\u001B[2J\nimported x.jsonl: 9 sessions" 1)"#)
        #expect(lines[2].hasPrefix("imported \(path): 1 session; 2 records"))
        #expect(lines[3] == "")
    }

    @Test func tablesEscapeStoredTextAndCSVKeepsItExact() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("hostile.jsonl", [
            Self.header,
            #"{"type":"session","session":"s\u001b[31mred","experiment":"e\nx","variant":"v"}"#,
        ].joined(separator: "\n") + "\n")
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        let table = try folder.run(["sessions", "--db", "lab.sqlite"])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(!table.standardOutput.unicodeScalars.contains { $0.value == 0x1B })
        #expect(table.standardOutput.contains(#"s\u001B[31mred"#) && table.standardOutput.contains(#"e\nx"#))
        let csv = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "csv"])
        #expect(csv.standardOutput.contains("s\u{1B}[31mred"))
        #expect(csv.standardOutput.contains("\"e\nx\""))
    }

    @Test func aRefusedHostileCaptureIsReportedInTwoLines() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("nul.jsonl", [
            Self.header,
            #"{"type":"session","session":"a\u0000\u001b[8m","experiment":"e","variant":"v"}"#,
        ].joined(separator: "\n") + "\n")
        let result = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(result.status != 0)
        #expect(Self.lines(result.standardError) == [
            #"\#(capture):2: field 'session': found "a\u0000\u001B[8m", which contains a NUL character (U+0000); expected a string without NUL"#,
            "\(capture): not imported; nothing of it was stored",
            "",
        ])
    }

    @Test func aCutOffCaptureSuggestsSkipInvalidWhichKeepsEveryCompleteLine() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("cut.jsonl", [
            Self.header,
            #"{"type":"session","session":"s1","experiment":"e","variant":"v"}"#,
            #"{"type":"frame","session":"s1","t":1}"#,
        ].joined(separator: "\n") + "\n" + #"{"type":"frame","sess"#)
        let strict = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(strict.status != 0)
        #expect(Self.lines(strict.standardError).first == "\(capture):4: the capture appears cut off: its last line has no line end and does not parse (malformed JSON at column 22: unterminated string: found end of line, expected '\"'), as when the app stops while recording; import with --skip-invalid to keep every complete line")

        let skipping = try folder.run(["import", "--db", "lab.sqlite", "--skip-invalid", capture])
        #expect(skipping.status == 0)
        let lines = Self.lines(skipping.standardError)
        #expect(lines.first == "\(capture):4: the capture appears cut off: its last line has no line end and does not parse (malformed JSON at column 22: unterminated string: found end of line, expected '\"'), as when the app stops while recording (line skipped)")
        #expect(lines.dropFirst().first?.hasPrefix("imported \(capture): 1 session; 2 records (touch 0, transition 0, delivery 0, frame 1)") == true)
        #expect(lines.dropFirst().first?.hasSuffix("; 1 line rejected") == true)
    }
}
