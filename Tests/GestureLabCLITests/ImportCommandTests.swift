import Foundation
import Testing
import TestScratch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ImportCommandTests {
    @Test func importThenSessionsAsJSON() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("run1.jsonl", smallCapture)

        let imported = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardError.contains("imported \(capture): 1 session; 4 records (touch 1, transition 0, delivery 2, frame 0)"))

        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "json"])
        #expect(sessions.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(sessions.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["capture"] as? String == "run1.jsonl")
        #expect(rows.first?["session"] as? String == "s1")
        #expect(rows.first?["device"] as? String == "iPhone15,2")
        #expect(rows.first?["touches"] as? Int == 1)
        #expect(rows.first?["deliveries"] as? Int == 2)
        // The delivery at t = 0.5 comes before the only touch-down.
        #expect(rows.first?["orphan_deliveries"] as? Int == 1)
    }

    @Test func refusedFileExitsNonZeroAndNamesTheLine() throws {
        let folder = try ScratchFolder()
        let bad = try folder.write("bad.jsonl", smallCapture.replacingOccurrences(of: "\"phase\":\"began\"", with: "\"phase\":\"start\""))
        let result = try folder.run(["import", "--db", "lab.sqlite", bad])
        #expect(result.status != 0)
        #expect(result.standardError.contains("\(bad):3: "))
        #expect(result.standardError.contains("phase"))
        #expect(result.standardError.contains("nothing of it was stored"))
        #expect(!result.standardError.contains("Fatal error"))
        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "csv"])
        #expect(sessions.standardOutput.split(separator: "\r\n").count == 1)  // the header only
    }

    @Test func oneBadFileDoesNotStopTheOthers() throws {
        let folder = try ScratchFolder()
        let bad = try folder.write("bad.jsonl", "not json\n")
        let good = try folder.write("good.jsonl", smallCapture)
        let result = try folder.run(["import", "--db", "lab.sqlite", bad, good])
        #expect(result.status != 0)
        #expect(result.standardError.contains("imported \(good)"))
    }

    @Test func standardInputAndTheEnvironmentDatabase() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["import", "-"], standardInput: Data(smallCapture.utf8),
                                    environment: ["GESTURELAB_DB": folder.path("env.sqlite")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("imported stdin: 1 session"))
        #expect(FileManager.default.fileExists(atPath: folder.path("env.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("gesturelab.sqlite")))

        let again = try folder.run(["import", "-"], standardInput: Data(smallCapture.utf8),
                                   environment: ["GESTURELAB_DB": folder.path("env.sqlite")])
        #expect(again.status == 0)
        #expect(again.standardError.contains("stdin: already imported"))
    }

    /// A named pipe is opened once, by the import: opening it first to
    /// check it could be read took the writer's end and left the import
    /// waiting for another writer, for ever.
    @Test func aNamedPipeIsReadOnce() throws {
        let folder = try ScratchFolder()
        let pipe = folder.path("capture.fifo")
        #expect(mkfifo(pipe, 0o600) == 0)
        let capture = try folder.write("capture.jsonl", smallCapture)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"cat "$0" > "$1""#, capture, pipe]
        try writer.run()
        defer { if writer.isRunning { writer.terminate() } }
        let importing = try RunningGestureLab(["import", "--db", "lab.sqlite", pipe], in: folder)
        try importing.waitUntil("the pipe's capture is imported") { !importing.process.isRunning }
        let result = importing.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("imported \(pipe): 1 session"), "\(result.standardError)")
    }

    @Test func skipInvalidWritesRejects() throws {
        let folder = try ScratchFolder()
        let damaged = smallCapture.replacingOccurrences(
            of: #"{"type":"delivery","session":"s1","target":"record","event":"touchDown","via":"control-event","t":0.5}"#,
            with: #"{"type":"delivery","session":"s9","target":"record","event":"touchDown","via":"control-event","t":0.5}"#)
        let capture = try folder.write("damaged.jsonl", damaged)
        let result = try folder.run(["import", "--db", "lab.sqlite", "--skip-invalid", "--rejects", "rejects.txt", capture])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("\(capture):5: "))
        #expect(result.standardError.contains("1 line rejected"))
        let rejects = try String(contentsOfFile: folder.path("rejects.txt"), encoding: .utf8)
        #expect(rejects.hasPrefix("\(capture):5: "))
        #expect(rejects.hasSuffix("\"s9\",\"target\":\"record\",\"event\":\"touchDown\",\"via\":\"control-event\",\"t\":0.5}\n"))
    }

    /// `--rejects` naming the capture or the database would empty it before
    /// a line is read: refused in one line, and both left as they were.
    @Test func rejectsNeverOverwriteTheCaptureOrTheDatabase() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("lab.jsonl", smallCapture)
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        let store = try Data(contentsOf: URL(fileURLWithPath: folder.path("lab.sqlite")))
        let otherText = smallCapture.replacingOccurrences(of: "\"s1\"", with: "\"s2\"")
        let other = try folder.write("other.jsonl", otherText)
        for rejects in [other, "./other.jsonl", "lab.sqlite", "./lab.sqlite-wal"] {
            let result = try folder.run(["import", "--db", "lab.sqlite", "--skip-invalid", "--rejects", rejects, other])
            #expect(result.status != 0)
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardError.contains("nothing was imported: name another file"), "\(result.standardError)")
            #expect(try String(contentsOfFile: other, encoding: .utf8) == otherText)
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("lab.sqlite"))) == store)
        }
        #expect(try String(contentsOfFile: capture, encoding: .utf8) == smallCapture)
    }

    @Test func rejectsWithoutSkipInvalidIsAUsageError() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["import", "--rejects", "r.txt", "x.jsonl"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--rejects needs --skip-invalid"))
    }

    @Test func bundledExampleImports() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["import", "--db", "lab.sqlite", exampleCapturePath])
        #expect(result.status == 0, "\(result.standardError)")
        let table = try folder.run(["sessions", "--db", "lab.sqlite"])
        #expect(table.standardOutput.contains("deferral-off"))
        #expect(table.standardOutput.contains("deferral-on"))
    }
}
