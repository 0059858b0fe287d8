import Foundation
import GRDB
import GRDBSQLite
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal modes of a gesturelab file: WAL while a command writes,
/// rollback journal at rest.
///
/// SQLite's WAL lets readers read while a writer writes, but a WAL-mode file
/// keeps its latest commits in `-wal` until a checkpoint copies them back, and
/// even a read-only connection to it needs `-shm` and `-wal` to exist or be
/// creatable. A file in rollback-journal (`DELETE`) mode holds everything
/// itself and can be read through `O_RDONLY` with nothing created beside it.
/// So a writer switches the file to WAL for its work, and when it ends:
///
///     PRAGMA journal_mode = DELETE;        -- checkpoints, removes -wal and -shm
///
/// which SQLite grants only to the file's last connection. While another
/// process has it open (a reader, a writer queued behind this one), the file
/// stays in WAL mode and a passive checkpoint copies every committed page into
/// the main file instead; the last writer to end switches it back.
extension GestureDatabase {
    /// How long `close()` waits for readers that began before this writer's
    /// last commit: the checkpoint cannot overwrite pages they still read.
    static let readerDrainLimit: Duration = .seconds(30)
    /// How long a writer whose pages are all in the main file keeps trying
    /// to switch it back to rollback mode while readers have it open.
    static let restingGrace: Duration = .seconds(1)

    /// Switches to WAL mode (a no-op when the file is in it already) and
    /// syncs at checkpoints rather than at every commit.
    ///
    /// `synchronous = NORMAL` is what SQLite advises for WAL, and what the
    /// store had before writers used one connection of their own: a commit
    /// survives any crash of the process, and only a power loss can undo
    /// the last one. `FULL` would sync the whole WAL of an import again at
    /// its commit.
    static func enterWriteAheadLog(_ db: Database) throws {
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw StoreError("cannot open database \(db.description): it stays in journal mode \(mode ?? "?") instead of WAL")
        }
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }

    /// Puts the file at rest: committed pages in the main file and, when this
    /// is its last connection, rollback-journal mode.
    func leaveAtRest(_ db: Database) throws {
        // Closed already, through `connection.close()`: nothing to put at rest.
        guard let connection = db.sqliteConnection else { return }
        // From here another process holding the file is a reason to leave
        // the mode as it is, not to wait: a writer queued behind this one may
        // hold it for hours.
        sqlite3_busy_timeout(connection, 0)
        let started = ContinuousClock.now
        var copied = false
        while true {
            if (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE"))?.lowercased() == "delete" {
                return
            }
            let checkpoint = Self.passiveCheckpoint(connection)
            if let failure = checkpoint.failure {
                // The disk, not a reader: waiting would not help, and the
                // main file may now hold part of the WAL's pages, so it is
                // not whole without it. Nothing is lost: say so, and fail.
                throw Self.unfinishedCheckpoint(path, failure)
            }
            if !copied, checkpoint.complete {
                copied = true
                // Readers that began after the copy read the main file
                // alone, so the WAL can usually be emptied at once rather
                // than left at the size of the import.
                Self.truncateLog(connection)
            }
            // The file is whole; a reader still has it open. Reads are
            // short, so give it a moment to end and the file its rollback
            // mode back (later reads then create no -wal or -shm), but never
            // wait on readers that keep coming.
            if copied, ContinuousClock.now - started > Self.restingGrace { return }
            if ContinuousClock.now - started > Self.readerDrainLimit {
                notice("note: a reader that began before the last commit still has \(TerminalText.escaped(path)) open; "
                    + "everything is committed, and the part it still reads older pages of stays in \(TerminalText.escaped(path))-wal "
                    + "until the next command that writes ends")
                return
            }
            usleep(20_000)
        }
    }

    /// The refusal of a writer whose committed pages could not all reach
    /// the main file (a full disk): one line saying the data is safe in
    /// `-wal` and what finishes the job.
    static func unfinishedCheckpoint(_ path: String, _ failure: String) -> StoreError {
        let file = TerminalText.escaped(path)
        return StoreError("cannot write to \(file): \(failure); everything is committed and safe in \(file)-wal, "
            + "but \(file) alone lacks part of it: keep \(file)-wal beside it, free some space, "
            + "and run any gesturelab command on \(file) (sessions, say) to finish")
    }

    /// Finishes the work of a writer that could not put the file at rest
    /// (its disk was full): when this is the file's only connection and
    /// the user may write it, copies the WAL into the main file and
    /// switches it back to rollback mode. Reading commands call it before
    /// they open the file, so any command finishes the job once there is room.
    ///
    /// Does nothing, at once, while another process has the file open: a
    /// writer at work puts the file at rest itself when it ends.
    static func finishUnfinishedCheckpoint(_ path: String, notice: (String) -> Void) {
        guard fileSize(path + "-wal") > 0, mayWrite(path) else { return }
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return }
        sqlite3_busy_timeout(connection, 0)
        // A first read opens the WAL; before it the connection does not know it has one.
        guard sqlite3_exec(connection, "SELECT count(*) FROM sqlite_schema", nil, nil, nil) == SQLITE_OK else { return }
        // Granted only to the file's last connection; checkpoints first.
        let result = sqlite3_exec(connection, "PRAGMA journal_mode = DELETE", nil, nil, nil)
        let code = sqlite3_extended_errcode(connection)
        guard result != SQLITE_OK, code & 0xFF != SQLITE_BUSY, code & 0xFF != SQLITE_LOCKED else { return }
        let file = TerminalText.escaped(path)
        notice("note: \(file) still lacks part of what \(file)-wal holds (\(String(cString: sqlite3_errstr(code))), "
            + "SQLite error \(code)): keep \(file)-wal beside it, free some space, and run any gesturelab command again to finish")
    }

    /// Copies every committed page of the WAL into the main file, from a
    /// connection of its own, without waiting for any lock: what an
    /// interrupted import does on its way out, while its own connection
    /// still holds a transaction that will never commit.
    ///
    /// - Returns: whether the main file now holds every committed page.
    @discardableResult
    package static func copyCommittedPagesToMainFile(path: String) -> Bool {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
              // A first read opens the WAL; before it the connection does not know it has one.
              sqlite3_exec(connection, "SELECT count(*) FROM sqlite_schema", nil, nil, nil) == SQLITE_OK
        else { return false }
        return passiveCheckpoint(connection).complete
    }

    /// Empties the WAL when no reader needs its frames; does nothing (at
    /// once, with no busy wait) when one does.
    private static func truncateLog(_ connection: OpaquePointer?) {
        _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    /// A passive checkpoint: whether no committed frame is left only in the
    /// WAL, and SQLite's words when writing the main file failed (a full
    /// disk), as against being held back by a reader.
    private static func passiveCheckpoint(_ connection: OpaquePointer?) -> (complete: Bool, failure: String?) {
        var logFrames: Int32 = 0
        var checkpointedFrames: Int32 = 0
        let result = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &checkpointedFrames)
        if result == SQLITE_OK { return (checkpointedFrames >= logFrames, nil) }
        if result & 0xFF == SQLITE_BUSY || result & 0xFF == SQLITE_LOCKED { return (false, nil) }
        return (false, "\(String(cString: sqlite3_errstr(result))), SQLite error \(result)")
    }
}
