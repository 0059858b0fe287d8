import Foundation
import Testing
import TestScratch

/// How commands end when something outside them fails: a missing file, a
/// failed export, a full disk. One plain line, and nothing half-made left.
@Suite struct FailureExitTests {
    @Test func importingAMissingFileCreatesNoDatabase() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["import", "--db", "lab.sqlite", "missing.jsonl"])
        #expect(result.status == 1)
        #expect(result.standardError == "cannot read missing.jsonl: No such file or directory\n"
            + "missing.jsonl: not imported; nothing of it was stored\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("lab.sqlite")))
    }

    @Test func readingCommandsOnAMissingDatabaseCreateNone() throws {
        let folder = try ScratchFolder()
        for arguments in [["sessions"], ["query", "--sql", "SELECT 1"], ["export", "capture"], ["compare", "--by", "variant"]] {
            let result = try folder.run(arguments + ["--db", "lab.sqlite"])
            #expect(result.status != 0)
            #expect(result.standardError.contains("no database at lab.sqlite: nothing has been imported there."), "\(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !$0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test func aFailedExportLeavesNoOutFile() throws {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("groups.jsonl", twoGroupCapture)]).status == 0)
        // The query fails at its 200,000th row, after several buffers of CSV were written.
        try FileManager.default.createDirectory(atPath: folder.path("queries"), withIntermediateDirectories: true)
        try folder.write("queries/fails-late.sql", """
            -- name: fails-late
            -- description: Overflows an integer at row 200000.
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
            SELECT i, CASE WHEN i = 200000 THEN abs(-9223372036854775807 - 1) ELSE i END AS value FROM n;

            """)
        let before = try folder.contents()

        let late = try folder.run(["export", "--db", "lab.sqlite", "--queries-dir", "queries", "fails-late", "--out", "late.csv"])
        #expect(late.status != 0)
        #expect(late.standardError.contains("integer overflow"), "\(late.standardError)")
        let unknown = try folder.run(["export", "--db", "lab.sqlite", "no-such-relation", "--out", "unknown.csv"])
        #expect(unknown.status != 0)
        #expect(try folder.contents() == before)

        // A failed export over an earlier file leaves that file as it was.
        try folder.write("kept.csv", "earlier\r\n")
        #expect(try folder.run(["export", "--db", "lab.sqlite", "--queries-dir", "queries", "fails-late", "--out", "kept.csv"]).status != 0)
        #expect(try String(contentsOfFile: folder.path("kept.csv"), encoding: .utf8) == "earlier\r\n")

        let good = try folder.run(["export", "--db", "lab.sqlite", "capture", "--out", "kept.csv"])
        #expect(good.status == 0, "\(good.standardError)")
        #expect(try String(contentsOfFile: folder.path("kept.csv"), encoding: .utf8).hasPrefix("id,file_name,"))
    }

    @Test func simulatingOntoAFullDiskSaysSoInOneLine() throws {
        let folder = try ScratchFolder()
        let toFile = try folder.run(["simulate", "--sessions", "1", "--out", "/dev/full"])
        #expect(toFile.status == 1)
        #expect(toFile.standardError == "/dev/full: cannot write: No space left on device\n")

        // Standard output on a full disk: `gesturelab simulate > /dev/full`.
        let process = Process()
        process.executableURL = GestureLabProcess.executable
        process.arguments = ["simulate", "--sessions", "1"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(errorText == "cannot write standard output: No space left on device\n")
    }

    @Test func exportOntoAFullDiskSaysSoInOneLine() throws {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("groups.jsonl", twoGroupCapture)]).status == 0)
        let result = try folder.run(["export", "--db", "lab.sqlite", "responses", "--out", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write /dev/full: No space left on device\n")
    }

    /// The rejects file on a full disk is worded as the store's own
    /// storage failures (`cannot write to FILE: reason`), with the system's
    /// reason rather than "The operation could not be completed".
    @Test func rejectsOntoAFullDiskSaysSoInOneLine() throws {
        let folder = try ScratchFolder()
        let bad = try folder.write("bad.jsonl", smallCapture + "not json\n")
        let result = try folder.run(["import", "--db", "lab.sqlite", "--skip-invalid", "--rejects", "/dev/full", bad])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains("cannot write to rejects file /dev/full: No space left on device"), "\(result.standardError)")
        #expect(lines.last == "\(bad): not imported; nothing of it was stored")
    }

    @Test(arguments: ["DELETE FROM capture", "INSERT INTO capture (file_name) VALUES ('x')", "DROP TABLE frame",
                      "PRAGMA user_version = 7", "VACUUM"])
    func aQueryThatWouldWriteIsRefusedAndChangesNothing(sql: String) throws {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("groups.jsonl", twoGroupCapture)]).status == 0)
        let before = try Data(contentsOf: folder.url.appending(path: "lab.sqlite"))
        let result = try folder.run(["query", "--db", "lab.sqlite", "--sql", sql])
        #expect(result.status != 0, "\(result.standardOutput)")
        #expect(try Data(contentsOf: folder.url.appending(path: "lab.sqlite")) == before)
        #expect(try folder.contents() == ["groups.jsonl", "lab.sqlite"])
    }

    @Test func demoLeavesEverythingInTheMainFile() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["demo", "--dir", "demo", "--sessions", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let database = folder.path("demo/demo.sqlite")
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        #expect(try captureCountOfMainFileAlone(database, in: folder) == 5)   // one capture per experiment
    }
}

extension ScratchFolder {
    /// The names in the folder, without the hidden files the runner keeps there.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
    }
}
