import Foundation
import GRDB
import Testing
import TestScratch

/// Real processes sharing one database: an import held open on a pipe,
/// readers meanwhile, a second import queued behind it. Every assertion is
/// about the order of events, never about how long something took.
@Suite struct ConcurrentAccessTests {
    @Test func readersAnswerWhileAnImportHoldsItsTransactionAndASecondImportWaitsItsTurn() throws {
        let folder = try ScratchFolder()
        let database = folder.path("lab.sqlite")
        let committed = try folder.write("groups.jsonl", twoGroupCapture)
        #expect(try folder.run(["import", "--db", "lab.sqlite", committed]).status == 0)

        // The import of standard input holds its write transaction until the pipe closes.
        let held = try RunningGestureLab(["import", "--db", "lab.sqlite", "-"], in: folder)
        let lines = smallCapture.split(separator: "\n").map(String.init)
        try held.write(lines.prefix(3).joined(separator: "\n") + "\n")
        try held.waitUntil("the held import takes the write lock") { try writeLockIsHeld(database) }

        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "csv"])
        #expect(sessions.status == 0, "\(sessions.standardError)")
        #expect(sessions.standardOutput.split(separator: "\r\n").count == 3)  // header and the two committed sessions
        let query = try folder.run(["query", "--db", "lab.sqlite", "--sql", "SELECT count(*) AS n FROM capture", "--format", "csv"])
        #expect(query.standardOutput == "n\r\n1\r\n", "\(query.standardError)")
        let compare = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--format", "json"])
        #expect(compare.status == 0, "\(compare.standardError)")
        let export = try folder.run(["export", "--db", "lab.sqlite", "session", "--out", "sessions.csv"])
        #expect(export.status == 0, "\(export.standardError)")
        // Every reader answered while the import still held its transaction.
        #expect(held.process.isRunning)
        #expect(try writeLockIsHeld(database))

        let second = try RunningGestureLab(["import", "--db", "lab.sqlite", try folder.write("second.jsonl", smallCapture)], in: folder)
        try second.waitUntil("the second import says it waits") { second.standardError.contains("waiting: ") }
        #expect(second.process.isRunning)
        #expect(!second.standardError.contains("imported"))

        try held.write(lines.dropFirst(3).joined(separator: "\n") + "\n")
        try held.closeInput()
        let heldResult = held.waitForExit()
        #expect(heldResult.status == 0, "\(heldResult.standardError)")
        #expect(heldResult.standardError.contains("imported stdin: 1 session"))
        let secondResult = second.waitForExit()
        #expect(secondResult.status == 0, "\(secondResult.standardError)")
        #expect(secondResult.standardError.components(separatedBy: "waiting: another process is writing to lab.sqlite").count == 2)
        // Its bytes equal stdin's, so it is already imported: it ran after the first committed.
        #expect(secondResult.standardError.contains("second.jsonl: already imported"))

        // At rest: the main file alone holds everything, nothing beside it.
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        #expect(try captureCountOfMainFileAlone(database, in: folder) == 2)
    }

    @Test func ctrlCDuringAnImportSaysWhatWasStoredAndKeepsIt() throws {
        let folder = try ScratchFolder()
        let database = folder.path("lab.sqlite")
        let good = try folder.write("good.jsonl", twoGroupCapture)
        let later = try folder.write("later.jsonl", smallCapture)
        let running = try RunningGestureLab(["import", "--db", "lab.sqlite", good, "-", later], in: folder)
        try running.write(smallCapture.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n")
        try running.waitUntil("good.jsonl is stored and stdin's import holds the write lock") {
            try running.standardError.contains("imported \(good)") && writeLockIsHeld(database)
        }
        running.process.interrupt()
        let result = running.waitForExit()
        try? running.closeInput()

        #expect(running.process.terminationReason == .exit)
        #expect(result.status == 130)
        #expect(result.standardError.contains("interrupted while importing stdin: nothing of it was stored\n"
            + "stored before the interruption: \(good); not started: \(later)\n"), "\(result.standardError)")
        #expect(try captureCountOfMainFileAlone(database, in: folder) == 1)
        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "csv"])
        #expect(sessions.standardOutput.split(separator: "\r\n").count == 3)
    }

    @Test func outputIntoAClosedPipeEndsQuietly() throws {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("groups.jsonl", twoGroupCapture)]).status == 0)
        let manyRows = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000)
            SELECT i, 'a row long enough to fill a pipe' AS text FROM n
            """
        for arguments in [["query", "--db", "lab.sqlite", "--sql", manyRows, "--format", "csv"],
                          ["simulate", "--records", "300000"]] {
            let process = Process()
            process.executableURL = GestureLabProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder.url
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // What `| head -1` does: read a line, then go away.
            var first = Data()
            while !first.contains(0x0A), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
                first.append(chunk)
            }
            try output.fileHandleForReading.close()
            process.waitUntilExit()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(!first.isEmpty)
            #expect(process.terminationReason == .exit, "\(arguments[0]) died of signal \(process.terminationStatus)")
            #expect(process.terminationStatus == 0)
            #expect(errorText.isEmpty, "\(errorText)")
        }
    }
}

/// Two sessions split by `mode`, enough for `compare`.
let twoGroupCapture: String = {
    var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
    for (session, latencies) in [("a", [12, 15, 11, 30, 14]), ("b", [25, 31, 22, 40, 28])] {
        lines.append(#"{"type":"session","session":"\#(session)","experiment":"x","variant":"\#(session)","config":{"mode":"\#(session)"}}"#)
        for (index, latency) in latencies.enumerated() {
            let down = 10 * (index + 1)
            lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(index + 1),"phase":"began","t":\#(down),"x":1,"y":1}"#)
            lines.append(#"{"type":"delivery","session":"\#(session)","target":"b","event":"touchDown","via":"control-event","t":\#(down).0\#(latency)}"#)
        }
    }
    return lines.joined(separator: "\n") + "\n"
}()

/// Captures in a copy of the main database file alone, as a user mails it.
func captureCountOfMainFileAlone(_ path: String, in folder: ScratchFolder) throws -> Int {
    let copy = folder.path("copy-\(UUID().uuidString).sqlite")
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: copy, configuration: configuration)
    defer { try? queue.close() }
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM capture") ?? -1 }
}
