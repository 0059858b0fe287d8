import Foundation
import Testing
import TestScratch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--out` files appear whole or not at all: Ctrl-C, SIGTERM or a full disk
/// leave the earlier file as it was and no temporary file beside it
/// (`simulate --out` had left a capture cut at a line end that imported
/// without a word, and `export --out` a `.NAME.partial-PID` of up to 64 MB
/// that nothing removed).
@Suite struct OutputFileTests {
    /// A query slow enough to be interrupted: its rows come for many seconds.
    static let slowQuery = """
        -- name: slow
        -- description: Counts to a billion.
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000)
        SELECT i, i * 2 AS twice FROM n;

        """

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    @Test(arguments: signals)
    func aSignalDuringSimulateLeavesTheEarlierFileAndNoPartial(signal: Int32) throws {
        let folder = try ScratchFolder()
        try folder.write("cap.jsonl", "earlier\n")
        let running = try RunningGestureLab(["simulate", "--records", "50000000", "--out", "cap.jsonl"], in: folder)
        try running.waitUntil("the capture is being written") { try partialSize(folder, "cap.jsonl") > 1 << 20 }
        kill(running.process.processIdentifier, signal)
        let ended = try endsWithin(running)
        #expect(ended)
        #expect(running.process.terminationReason == .uncaughtSignal)
        #expect(running.process.terminationStatus == signal)
        #expect(try allFiles(folder) == ["cap.jsonl"])
        #expect(try String(contentsOfFile: folder.path("cap.jsonl"), encoding: .utf8) == "earlier\n")
    }

    @Test(arguments: signals)
    func aSignalDuringExportLeavesTheEarlierFileAndNoPartial(signal: Int32) throws {
        let folder = try exportFolder()
        try folder.write("out.csv", "earlier\r\n")
        let running = try RunningGestureLab(["export", "--db", "lab.sqlite", "--queries-dir", "queries", "slow",
                                             "--out", "out.csv"], in: folder)
        try running.waitUntil("rows are being written") { try partialSize(folder, "out.csv") > 1 << 20 }
        kill(running.process.processIdentifier, signal)
        let ended = try endsWithin(running)
        #expect(ended)
        #expect(running.process.terminationReason == .uncaughtSignal)
        #expect(running.process.terminationStatus == signal)
        #expect(try allFiles(folder) == ["groups.jsonl", "lab.sqlite", "out.csv", "queries"])
        #expect(try String(contentsOfFile: folder.path("out.csv"), encoding: .utf8) == "earlier\r\n")
    }

    /// A temporary file left by a process killed outright (SIGKILL, which
    /// no handler sees) is removed by the next export to the same path;
    /// one of a process still running is its own and stays.
    @Test func theNextExportRemovesPartialsOfEndedProcessesOnly() throws {
        let folder = try exportFolder()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = ".out.csv.partial-\(ended.processIdentifier)"
        let alive = ".out.csv.partial-\(getpid())"
        let other = ".other.csv.partial-\(ended.processIdentifier)"
        for name in [dead, alive, other] { try folder.write(name, String(repeating: "x", count: 1000)) }
        let result = try folder.run(["export", "--db", "lab.sqlite", "responses", "--out", "out.csv"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try allFiles(folder) == [alive, other, "groups.jsonl", "lab.sqlite", "out.csv", "queries"].sorted())
    }

    /// A full disk: the command says so in one line, the earlier file stays
    /// whole, and nothing else is left on the disk.
    @Test(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs (mount -t tmpfs) as the full disk"),
          arguments: ["simulate", "export"])
    func aFullDiskKeepsTheEarlierFile(command: String) throws {
        let folder = try exportFolder()
        let disk = try SmallDisk(megabytes: 1)
        defer { disk.unmount() }
        let target = disk.path("out.txt")
        try "earlier\n".write(toFile: target, atomically: false, encoding: .utf8)
        let arguments = command == "simulate"
            ? ["simulate", "--records", "100000", "--out", target]
            : ["export", "--db", "lab.sqlite", "--queries-dir", "queries", "slow", "--out", target]
        let result = try folder.run(arguments)
        #expect(result.status == 1)
        #expect(result.standardError.hasSuffix("No space left on device\n"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["out.txt"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "earlier\n")
    }

    // MARK: - Helpers

    /// A folder with a small store and the slow query.
    private func exportFolder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("groups.jsonl", twoGroupCapture)]).status == 0)
        try FileManager.default.createDirectory(atPath: folder.path("queries"), withIntermediateDirectories: true)
        try folder.write("queries/slow.sql", Self.slowQuery)
        return folder
    }

    /// Every name in the folder, hidden ones too.
    private func allFiles(_ folder: ScratchFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    /// The size of the temporary file being written for `name`, 0 while there is none.
    private func partialSize(_ folder: ScratchFolder, _ name: String) throws -> Int {
        let partial = try allFiles(folder).first { $0.hasPrefix(".\(name).partial-") }
        return partial.flatMap { (try? FileManager.default.attributesOfItem(atPath: folder.path($0)))?[.size] as? Int } ?? 0
    }

    /// Whether the process ended after its signal; one that ignores it is
    /// killed after a minute, so the test fails instead of hanging.
    private func endsWithin(_ running: RunningGestureLab) throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while running.process.isRunning, Date() < deadline { usleep(20_000) }
        guard running.process.isRunning else { return true }
        kill(running.process.processIdentifier, SIGKILL)
        running.process.waitUntilExit()
        return false
    }
}
