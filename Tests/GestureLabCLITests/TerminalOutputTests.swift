import Foundation
import Testing
import TestScratch

/// The Python that opens the pseudo-terminal.
private let python = "/usr/bin/python3"

/// Rows printed to a terminal show a capture's control characters escaped,
/// in every format (CSV to a terminal had passed ESC and BEL through, so a
/// session id could recolour or retitle the user's terminal); a file or a
/// pipe still gets the exact bytes. The terminal is a real pseudo-terminal,
/// opened by Python's `pty` module, with the built binary on it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: python),
                "needs python3 to run gesturelab on a pseudo-terminal"))
struct TerminalOutputTests {
    /// ESC [31m, BEL and U+009B (a C1 control: CSI) in a session id.
    static let hostileID = "s\u{1B}[31mred\u{07}\u{9B}2J"
    static let escapedID = #"s\u001B[31mred\u0007\u009B2J"#

    static let commands: [[String]] = [
        ["export", "session"],
        ["sessions", "--format", "csv"],
        ["sessions", "--format", "table"],
        ["query", "--sql", "SELECT session FROM session", "--format", "csv"],
        ["query", "--sql", "SELECT session FROM session", "--format", "json"],
        ["query", "--sql", "SELECT session FROM session", "--format", "ndjson"],
    ]

    @Test(arguments: commands)
    func aTerminalSeesControlCharactersEscaped(arguments: [String]) throws {
        let folder = try hostileStore()
        let (status, screen) = try onTerminal(arguments + ["--db", "lab.sqlite"], in: folder)
        #expect(status == 0, "\(screen)")
        let text = String(decoding: screen, as: UTF8.self)
        // JSON writes its escapes' hex digits in lower case.
        #expect(text.lowercased().contains(Self.escapedID.lowercased()), "\(text.debugDescription)")
        // The pty turns each LF into CR LF; no other control reaches it.
        let controls = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\r" && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(text.debugDescription)")
    }

    /// Into a file the bytes stay exact: the capture's text is data.
    @Test func aFileGetsTheExactBytes() throws {
        let folder = try hostileStore()
        let result = try folder.run(["export", "session", "--db", "lab.sqlite"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(Self.hostileID))
        let json = try folder.run(["query", "--sql", "SELECT session FROM session", "--format", "json", "--db", "lab.sqlite"])
        #expect(json.standardOutput.contains("s\\u001b[31mred\\u0007\u{9B}2J"), "\(json.standardOutput.debugDescription)")
    }

    // MARK: - Helpers

    private func hostileStore() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        let session = #"{"type":"session","session":"s\u001b[31mred\u0007\u009b2J","experiment":"e","variant":"v"}"#
        let capture = try folder.write("hostile.jsonl", ImportCaptureTextTests.header + "\n" + session + "\n")
        let imported = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(imported.status == 0, "\(imported.standardError)")
        return folder
    }

    /// Runs gesturelab with a pseudo-terminal as its standard input, output
    /// and error, and returns its exit status and everything it printed.
    private func onTerminal(_ arguments: [String], in folder: ScratchFolder) throws -> (Int32, [UInt8]) {
        let script = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            out = b""
            while True:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                out += data
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(out)
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, GestureLabProcess.executable.path] + arguments
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GESTURELAB_DB")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(bytes))
    }
}
