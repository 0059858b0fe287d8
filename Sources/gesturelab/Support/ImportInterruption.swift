import Foundation
import GestureStore
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (or SIGTERM) during `import`: says which file was cut short and
/// that nothing of it was stored, which files were stored before, copies the
/// committed pages into the main database file, and exits with 128 + the signal.
///
/// The signal handler only writes the signal's number to a pipe; a thread of
/// its own does the rest. The import calls `beforeCommit()` just before each
/// file's transaction commits: after an interruption that call never
/// returns, so a file is either stored (its commit began before the signal,
/// and is waited for) or surely not.
///
///     let interruption = ImportInterruption.install(databasePath: "lab.sqlite")
///     interruption.begin("run1.jsonl")
///     ... importCapture(path: "run1.jsonl", beforeCommit: interruption.beforeCommit)
///     interruption.end("run1.jsonl", stored: true)
final class ImportInterruption: @unchecked Sendable {
    private let condition = NSCondition()
    private let databasePath: String
    private var remaining: [String]
    private var current: String?
    private var committing = false
    private var interrupted = false
    private var stored: [String] = []

    private init(databasePath: String, files: [String]) {
        self.databasePath = databasePath
        self.remaining = files
    }

    /// Installs the handlers for SIGINT and SIGTERM for the rest of the process.
    static func install(databasePath: String, files: [String]) -> ImportInterruption {
        let interruption = ImportInterruption(databasePath: databasePath, files: files)
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return interruption }
        signalPipe = descriptors[1]
        let readEnd = descriptors[0]
        let thread = Thread {
            var number: Int32 = 0
            while read(readEnd, &number, MemoryLayout<Int32>.size) < 0, errno == EINTR {}
            interruption.handle(signal: number)
        }
        thread.start()
        var action = sigaction.calling(forwardSignal)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have started us with these signals blocked (a test
        // runner's thread does); unblocked here, they reach this thread.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        return interruption
    }

    func begin(_ file: String) {
        condition.lock()
        defer { condition.unlock() }
        current = file
        if let index = remaining.firstIndex(of: file) { remaining.remove(at: index) }
    }

    /// Called by the importer just before a file's commit.
    func beforeCommit() {
        condition.lock()
        defer { condition.unlock() }
        // Interrupted: this thread waits for the exit; the file stays unstored.
        while interrupted { condition.wait() }
        committing = true
    }

    func end(_ file: String, stored isStored: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if isStored { stored.append(file) }
        current = nil
        committing = false
        condition.broadcast()
    }

    private func handle(signal number: Int32) {
        condition.lock()
        interrupted = true
        // A commit under way is allowed to finish; then that file counts as stored.
        while committing { condition.wait() }
        let lines = Self.report(current: current, stored: stored, remaining: remaining)
        condition.unlock()
        GestureDatabase.copyCommittedPagesToMainFile(path: databasePath)
        for line in lines { StandardErrorWriter.line(line) }
        _exit(128 + number)
    }

    /// What an interruption tells the user, one or two lines.
    static func report(current: String?, stored: [String], remaining: [String]) -> [String] {
        var lines = [current.map { "interrupted while importing \($0): nothing of it was stored" } ?? "interrupted"]
        var parts: [String] = []
        if !stored.isEmpty { parts.append("stored before the interruption: " + stored.joined(separator: ", ")) }
        if !remaining.isEmpty { parts.append("not started: " + remaining.joined(separator: ", ")) }
        if !parts.isEmpty { lines.append(parts.joined(separator: "; ")) }
        return lines
    }
}

/// The write end of the pipe the signal handler writes to.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The signal handler: async-signal-safe, so it only forwards the number.
private func forwardSignal(_ number: Int32) {
    var number = number
    _ = write(signalPipe, &number, MemoryLayout<Int32>.size)
}
