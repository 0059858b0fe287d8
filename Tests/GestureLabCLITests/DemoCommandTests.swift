import Foundation
import Testing
import TestScratch

/// The demo's "Try next" lines, pasted into a shell as printed, work: with
/// gesturelab on PATH and without it (the newcomer who ran `swift run`).
@Suite struct DemoCommandTests {
    /// The lines under "Try next:", without their indentation.
    private func suggestions(_ output: String) throws -> [String] {
        let lines = output.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "Try next:"), "no suggestions in:\n\(output)")
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }

    /// Runs `line` with /bin/sh in `folder`, as a user pasting it would.
    private func shell(_ line: String, in folder: ScratchFolder, path: String) throws -> GestureLabProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = folder.url
        process.environment = ["PATH": path, "HOME": folder.url.path]
        let output = folder.url.appending(path: ".sh-out"), errors = folder.url.appending(path: ".sh-err")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return GestureLabProcess.Result(status: process.terminationStatus,
                                        standardOutput: try String(contentsOf: output, encoding: .utf8),
                                        standardError: try String(contentsOf: errors, encoding: .utf8))
    }

    @Test func everySuggestionRunsAsPrintedWithoutGesturelabOnPath() throws {
        let folder = try ScratchFolder()
        let path = "/usr/bin:/bin"
        let demo = try folder.run(["demo", "--dir", "my demo", "--sessions", "1"], environment: ["PATH": path])
        #expect(demo.status == 0, "\(demo.standardError)")
        let lines = try suggestions(demo.standardOutput)
        #expect(lines.count == 11)
        for line in lines {
            // Named by its path (the test runs it by one): `gesturelab` alone would not be found.
            #expect(line.hasPrefix("/") || line.hasPrefix("'/"), "\(line)")
            #expect(line.contains("--db 'my demo/demo.sqlite'"), "\(line)")
            let result = try shell(line, in: folder, path: path)
            #expect(result.status == 0, "\(line)\n\(result.standardError)")
            if line.contains(" report ") {
                // The report goes to the file named by --out.
                #expect(FileManager.default.fileExists(atPath: folder.path("deferral.html")), "\(line)")
            } else {
                #expect(!result.standardOutput.isEmpty, "\(line)")
            }
        }
        let sessions = try shell(lines[0], in: folder, path: path)
        #expect(sessions.standardOutput.contains("edge-deferral"))
    }

    @Test func theNameAloneWhenGesturelabIsOnPath() throws {
        let folder = try ScratchFolder()
        let path = GestureLabProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let demo = try folder.run(["demo", "--sessions", "1"], environment: ["PATH": path])
        #expect(demo.status == 0, "\(demo.standardError)")
        let lines = try suggestions(demo.standardOutput)
        #expect(lines.first == "gesturelab sessions --db gesturelab-demo/demo.sqlite")
        let result = try shell(try #require(lines.last), in: folder, path: path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("median(latency_ms)"))
    }
}
