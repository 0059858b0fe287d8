import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The temporary files of ``FileReplacement`` that a signal must not leave
/// behind: on SIGINT, SIGTERM or SIGHUP a handler removes every registered
/// file, then lets the signal end the process as it would have (status
/// 128 + the signal in a shell).
///
/// The handler may run at any moment, so it only reads a fixed table of C
/// strings and calls `unlink(2)`, both safe in a signal handler. The
/// handlers are installed at the first registration, and not over a
/// signal the process was started ignoring (`nohup`), nor over one that
/// another part of the program handles already (`import`'s own).
public enum PartialFiles {
    /// Slots of the table; more files than this open at once are still
    /// removed on failure, only not on a signal.
    static let capacity = 64
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Adds `path` to the files removed on a signal.
    ///
    /// - Returns: its slot, for ``unregister(_:)``; -1 when the table is full.
    static func register(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        // Made before the handler can read it.
        _ = table
        if !installed {
            installed = true
            installHandlers()
        }
        guard let slot = (0..<capacity).first(where: { table[$0] == nil }) else { return -1 }
        table[slot] = strdup(path)
        return slot
    }

    /// Takes a file off the table (it was renamed into place or removed).
    static func unregister(_ slot: Int) {
        guard slot >= 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        let path = table[slot]
        table[slot] = nil
        free(path)
    }

    private static func installHandlers() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals {
            var current = sigaction()
            sigaction(number, nil, &current)
            // Started ignoring it (nohup, a background job), or handled
            // already: leave it so. The default action is the null handler.
            guard current.handler == nil else { continue }
            // Back to the default at delivery, so raising it again ends the process.
            var action = sigaction.calling(removeAndRaise, flags: Int32(truncatingIfNeeded: SA_RESETHAND))
            sigaction(number, &action, nil)
            sigaddset(&unblock, number)
        }
        // A parent may have started us with these signals blocked (a test
        // runner's thread does); unblocked here, they reach this thread.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Removes every registered file, then raises the signal again, which
    /// now has its default action: the process ends as the signal meant.
    fileprivate static func removeAll() {
        for slot in 0..<capacity {
            if let path = table[slot] { unlink(path) }
        }
    }
}

/// The signal handler: async-signal-safe (`unlink`, `raise`).
private func removeAndRaise(_ number: Int32) {
    PartialFiles.removeAll()
    raise(number)
}
