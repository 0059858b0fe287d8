import Foundation
import GRDB
import GRDBSQLite
import GestureTrace

/// The rollback journal a killed writer can leave.
///
/// A writer switches a file at rest to WAL mode by rewriting its header, a
/// one-page transaction in rollback-journal mode. Killed in that moment
/// (the first tens of milliseconds of an import), it leaves `-journal`
/// beside the file: a hot journal, which the next connection able to write
/// rolls back on its first read. A read-only connection cannot, and fails
/// with "attempt to write a readonly database"; every reader and the next
/// import's first look are read-only, so the store could not be opened at
/// all until something opened it to write.
extension GestureDatabase {
    /// Rolls back a journal left by a killed writer, when the user may
    /// write the file; does nothing when there is no journal. SQLite decides
    /// whether the journal is hot: one that a live writer holds is left alone.
    ///
    /// - Throws: ``StoreError`` when a journal is there and the user may not write the file.
    static func rollBackInterruptedJournal(_ path: String) throws {
        guard fileSize(path + "-journal") > 0 else { return }
        guard mayWrite(path) else {
            throw StoreError("\(TerminalText.escaped(path)) holds the unfinished change of an import that was killed (\(TerminalText.escaped(path))-journal), "
                + "which only a user who may write it can undo; nothing was changed. Run any gesturelab import on it "
                + "as such a user, and it is undone before anything else.")
        }
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return }
        sqlite3_busy_timeout(connection, 5_000)
        // The first read rolls a hot journal back.
        _ = sqlite3_exec(connection, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
    }
}
