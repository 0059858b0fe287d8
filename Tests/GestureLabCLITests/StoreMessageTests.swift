import Foundation
import Testing
import TestScratch

/// The local store's refusals in one line, on every build (the shared
/// store's are in ServerMessageTests).
struct StoreMessageTests {
    /// `--db` naming a folder: said so, not SQLite's "disk I/O error", and
    /// nothing created in it.
    @Test(arguments: [["sessions"], ["query", "slowest-touches"], ["query", "--sql", "SELECT 1"],
                      ["export", "responses"], ["import", "CAPTURE"]])
    func refusesAFolderAsTheStore(_ command: [String]) throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("lab"), withIntermediateDirectories: false)
        let capture = try folder.write("run1.jsonl", smallCapture)
        let result = try folder.run(command.map { $0 == "CAPTURE" ? capture : $0 } + ["--db", "lab"])
        #expect(result.status != 0)
        #expect(result.standardError == "Error: cannot open lab: it is a folder, not a gesturelab store "
            + "(--db names the store's file, such as gesturelab.sqlite)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("lab")).isEmpty)
        #expect(result.standardOutput.isEmpty)
    }

    /// Failing `--sql` is one line quoting the SQL on it: line breaks and
    /// runs of blanks as one space, a long statement cut after 120
    /// characters with `…`, control characters escaped.
    @Test(arguments: [
        ("SELECT nope\n  FROM responses;", "SELECT nope FROM responses"),
        ("SELECT nope, '\u{1B}[2J' FROM responses", "SELECT nope, '\\u001B[2J' FROM responses"),
        ("SELECT nope" + String(repeating: ", latency_ms", count: 20) + " FROM responses",
         String(("SELECT nope" + String(repeating: ", latency_ms", count: 20)).prefix(120)) + "…"),
    ])
    func failingSQLIsOneLine(_ sql: String, quoted: String) throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("run1.jsonl", smallCapture)
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        let result = try folder.run(["query", "--db", "lab.sqlite", "--sql", sql])
        #expect(result.status != 0)
        #expect(result.standardError == "Error: SQL failed: no such column: nope - in `\(quoted)`\n")
        #expect(result.standardOutput.isEmpty)
    }
}
