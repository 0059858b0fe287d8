import Foundation
import GRDB
import TestScratch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `gesturelab` running in the background, its standard input a pipe the
/// test holds open: an import that reads from it holds its write transaction
/// until the test closes it.
final class RunningGestureLab {
    let process = Process()
    private let input = Pipe()
    private let outputURL: URL
    private let errorURL: URL

    /// - Parameter user: run as this account (through `runuser`), for file permissions root would ignore.
    /// - Parameter environment: added to the test's own.
    init(_ arguments: [String], in folder: ScratchFolder, user: String? = nil, environment extra: [String: String] = [:]) throws {
        if let user {
            process.executableURL = URL(fileURLWithPath: OtherUser.runuser)
            process.arguments = ["-u", user, "--", GestureLabProcess.executable.path] + arguments
        } else {
            process.executableURL = GestureLabProcess.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GESTURELAB_DB")
        environment.merge(extra) { $1 }
        process.environment = environment
        let scratch = try TestScratch.newFolder("gesturelab-output")
        outputURL = scratch.appending(path: "stdout")
        errorURL = scratch.appending(path: "stderr")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        process.standardInput = input
        try process.run()
    }

    /// A test that failed half-way leaves no process behind.
    deinit {
        if process.isRunning { process.terminate() }
    }

    func write(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    var standardError: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    var standardOutput: String {
        (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }

    func waitForExit() -> GestureLabProcess.Result {
        process.waitUntilExit()
        return GestureLabProcess.Result(status: process.terminationStatus, standardOutput: standardOutput,
                                        standardError: standardError)
    }

    /// Waits for the process to end, at most `seconds`: one still running
    /// then is killed, and the answer is nil. The bound tells a command that
    /// would wait for good from one that ends; it measures no speed.
    func waitForExit(within seconds: Double) -> GestureLabProcess.Result? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return waitForExit()
    }

    /// Polls until `condition` holds. The limit only keeps a broken build
    /// from hanging the suite; no test depends on how long anything takes.
    func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(300)
        while true {
            let wasRunning = process.isRunning
            if try condition() { return }
            guard wasRunning else { throw WaitError("gesturelab ended before \(what): \(standardError)") }
            guard Date() < deadline else { throw WaitError("gave up waiting for \(what)") }
            usleep(20_000)
        }
    }

    struct WaitError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Whether some process holds the database's write lock: tries to take it
/// without waiting, from a connection of its own, and lets go at once.
func writeLockIsHeld(_ path: String) throws -> Bool {
    var configuration = Configuration()
    // Opening reads the schema, which may meet the moment a writer switches
    // the journal mode; only the lock itself is tried without waiting.
    configuration.busyMode = .timeout(10)
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? queue.close() }
    do {
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = 0") }
        try queue.inTransaction(.immediate) { _ in .rollback }
        return false
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
        return true
    }
}

/// Another account, to test what a user who may only read a file sees: the
/// tests run as root, and root ignores file permissions.
enum OtherUser {
    static let runuser = "/usr/sbin/runuser"
    static let name = "nobody"

    /// Root, `runuser`, and a `gesturelab` binary that `nobody` may run.
    static let isAvailable: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: runuser) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: runuser)
        probe.arguments = ["-u", name, "--", GestureLabProcess.executable.path, "--version"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
