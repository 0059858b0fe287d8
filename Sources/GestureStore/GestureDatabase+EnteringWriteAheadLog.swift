import Foundation
import GRDB
import GRDBSQLite
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a writer puts a file at rest into WAL mode without making readers wait.
///
/// A file at rest is in rollback-journal mode (`GestureDatabase+RestingState.swift`).
/// Switching it to WAL writes its header, which needs the file to itself:
/// while a reader of the rollback-mode file holds it (a long `export`), the
/// switch must wait. SQLite's busy handler would wait holding the pending
/// lock, and a pending lock keeps every new reader out: `sessions` then
/// waited as long as the export ran. And a connection that has read the
/// file gets no busy handler at all for the write, so two imports opening
/// at once could fail with "database is locked".
///
/// So the switch is made from a connection of its own with no busy
/// handler: an attempt that cannot have the file fails at once and lets go
/// of every lock, and the next comes 20 ms later. Readers are kept out for
/// microseconds at a time, not for as long as the writer waits. The
/// connection stays open until the writer's own is in WAL mode, so that no
/// other writer ending in between switches the file back.
///
///     let holder = try GestureDatabase.switchToWriteAheadLog(path, isNew: true, notice: { print($0) })
///     // … open the writer, PRAGMA journal_mode = WAL (now at once) …
///     sqlite3_close_v2(holder)
extension GestureDatabase {
    /// The pause between attempts to switch the file to WAL mode.
    static let switchRetryPause: useconds_t = 20_000

    /// Switches the file at `path` to WAL mode (creating it with the store's
    /// page size when `isNew`), waiting without a lock while another process
    /// has it; returns the connection that did it, for the caller to close.
    static func switchToWriteAheadLog(_ path: String, isNew: Bool,
                                      notice: @escaping @Sendable (String) -> Void) throws -> OpaquePointer? {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw StoreError("cannot open database \(TerminalText.escaped(path)): \(message)")
        }
        let started = ContinuousClock.now
        var hasSaid = false
        while true {
            // The page size must precede WAL mode; it changes nothing in a file that has pages.
            if isNew { sqlite3_exec(connection, "PRAGMA page_size = \(pageSize)", nil, nil, nil) }
            let (code, mode) = journalMode(connection, set: "WAL")
            if code == SQLITE_ROW, mode == "wal" { return connection }
            guard code == SQLITE_BUSY || code == SQLITE_LOCKED else {
                let message = String(cString: sqlite3_errmsg(connection))
                sqlite3_close_v2(connection)
                throw StoreError(code == SQLITE_ROW
                    ? "cannot open database \(TerminalText.escaped(path)): it stays in journal mode \(mode ?? "?") instead of WAL"
                    : "cannot open database \(TerminalText.escaped(path)): \(message)")
            }
            if !hasSaid, ContinuousClock.now - started >= WriterTurn.quietWait {
                hasSaid = true
                notice("waiting: another process has \(TerminalText.escaped(path)) open (a long export or query, or another import); "
                    + "this command goes on when it lets go")
            }
            usleep(switchRetryPause)
        }
    }

    /// Runs `PRAGMA journal_mode = <mode>`: the step's result code and the mode it reports.
    private static func journalMode(_ connection: OpaquePointer?, set mode: String) -> (Int32, String?) {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, "PRAGMA journal_mode = \(mode)", -1, &statement, nil) == SQLITE_OK else {
            return (sqlite3_errcode(connection), nil)
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return (code, nil) }
        return (code, String(cString: text).lowercased())
    }
}
