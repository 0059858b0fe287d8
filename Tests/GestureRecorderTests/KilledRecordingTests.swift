import Foundation
import GestureStore
import TestScratch
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process recording through the recorder, killed with SIGKILL at a
/// random moment, leaves a capture whose complete lines all import.
struct KilledRecordingTests {
    /// The `RecorderBench` binary `swift test` built beside the test bundle.
    static let child: URL = {
        let directory = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let url = candidate.appending(path: "RecorderBench")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return directory.appending(path: "RecorderBench")
    }()

    @Test(arguments: 0..<4)
    func everyCompleteLineOfAKilledRecordingImports(trial: Int) throws {
        let folder = try ScratchFolder.forRecording()
        let process = Process()
        process.executableURL = Self.child
        process.arguments = ["write-until-killed", folder.url.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait for the capture to exist with its header, then a random while.
        var capture: URL?
        for _ in 0..<1_000 where capture == nil {
            capture = try folder.captures().first { ((try? Data(contentsOf: $0))?.count ?? 0) > 0 }
            if capture == nil { usleep(5_000) }
        }
        var generator = SystemRandomNumberGenerator()
        usleep(UInt32.random(in: 20_000...400_000, using: &generator))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let url = try #require(capture)

        let bytes = try Data(contentsOf: url)
        let completeLines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count - 1
        let isCut = bytes.last != UInt8(ascii: "\n")
        let database = try GestureDatabase(path: folder.url.appendingPathComponent("lab.sqlite").path)
        let summary = try CaptureImporter(database: database).importCapture(path: url.path, skipInvalid: true)
        // Every complete line but the header is a stored record; at most the cut one is refused.
        #expect(summary.recordCount == completeLines - 1, "trial \(trial): \(bytes.count) bytes")
        #expect(summary.rejectedCount == (isCut && bytes.count > 0 ? 1 : 0))
        #expect(summary.recordCounts["session"] == 1)
    }
}
