import Foundation
import GRDB
import GRDBSQLite
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A gesturelab database file, opened to write (created and migrated when
/// needed) or only to read.
///
/// At rest the file is in SQLite's rollback-journal mode, so it is whole by
/// itself (copy or mail the `.sqlite` alone) and a user who may only read it
/// can query it without anything being created beside it. A command that
/// writes switches the file to WAL mode for its work, so readers never wait
/// for it and see the last committed state, and puts it back at ``close()``.
///
///     let database = try GestureDatabase(path: "lab.sqlite")          // to write
///     defer { try? database.close() }
///     let reader = try GestureDatabase(readingAt: "lab.sqlite")       // to read
///     let count = try reader.connection.read { db in
///         try Int.fetchOne(db, sql: "SELECT count(*) FROM session")
///     }
package final class GestureDatabase: @unchecked Sendable {
    /// The file name used when neither `--db` nor `$GESTURELAB_DB` names one.
    package static let defaultFileName = "gesturelab.sqlite"
    /// The environment variable that names the database.
    package static let environmentVariable = "GESTURELAB_DB"
    /// The page size of databases gesturelab creates, in bytes.
    ///
    /// Four times SQLite's default: the store is written in long appends and
    /// read in long range scans, so bigger pages mean a quarter of the page
    /// writes, WAL frames and B-tree splits per import (measured in
    /// `git log -p BENCHMARKS.md`). A database keeps the page size it was
    /// created with.
    package static let pageSize = 16_384

    /// Work every connection needs before use, such as registering SQL functions.
    package typealias ConnectionPreparation = @Sendable (Database) throws -> Void

    /// What a connection may do to the file.
    package enum Access: Sendable {
        /// Opened with `SQLITE_OPEN_READONLY`: never writes, never waits for a writer.
        case reading
        /// May create, migrate and write; waits its turn behind another writer.
        case writing
    }

    package let path: String
    package let access: Access
    /// The one connection, serialized: a writer never needs a second one,
    /// and a second one would keep the file from returning to its resting mode.
    package let connection: DatabaseQueue
    let notice: @Sendable (String) -> Void
    private let closeLock = NSLock()
    private var isClosed = false

    /// Where the database is: the explicit path, else `$GESTURELAB_DB`,
    /// else `gesturelab.sqlite` in the current directory.
    package static func resolvePath(explicit: String?,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        return defaultFileName
    }

    /// Opens the database at `path` to write, creating and migrating it when needed.
    ///
    /// Waits, however long it takes, while another process writes to the
    /// file, saying so once through `notice`.
    ///
    /// - Parameters:
    ///   - prepareConnection: runs on the connection as it opens (the
    ///     analysis layer registers its percentile functions here).
    ///   - notice: one line for people each: the database was created or
    ///     migrated, or this process is waiting for another writer.
    /// - Throws: `StoreError` when the file must not be touched; nothing in
    ///   it has changed then.
    package init(path: String, prepareConnection: @escaping ConnectionPreparation = { _ in }, migrator: SchemaMigrator = SchemaMigrator(),
                notice: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.path = path
        self.access = .writing
        self.notice = notice
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            throw StoreError("cannot create database \(TerminalText.escaped(path)): folder \(TerminalText.escaped(directory)) does not exist")
        }

        // Look before writing anything: a refused database must see no change,
        // not even the switch to WAL mode.
        let isNew = Self.fileSize(path) == 0
        if !FileManager.default.fileExists(atPath: path), systemAccess(directory.isEmpty ? "." : directory, W_OK) != 0 {
            throw StoreError("cannot create database \(TerminalText.escaped(path)): you may not write to folder \(directory.isEmpty ? "." : directory)")
        }
        if FileManager.default.fileExists(atPath: path), !Self.mayWrite(path) {
            throw StoreError("cannot write to \(TerminalText.escaped(path)): you may read it but not write it or its folder here; "
                + "nothing was changed. Reading commands (sessions, query, compare, export) still work.")
        }
        if !isNew {
            try Self.rollBackInterruptedJournal(path)
            let look = try Self.openQueue(path, Self.configuration(path, prepareConnection: { _ in }, access: .reading, notice: notice))
            defer { try? look.close() }
            _ = try Self.translatingErrors(path) {
                try look.read { db in try migrator.pendingMigrations(db, displayName: path) }
            }
        }

        // A store this call creates and cannot even give its schema (a full
        // disk) is removed again: an empty file would only say "imported
        // nothing" where nothing could be. One that holds anything stays.
        let creates = !FileManager.default.fileExists(atPath: path)
        var opened = false
        defer { if creates, !opened { Self.removeIfNeverWritten(path) } }

        // In WAL mode before the writer opens, waiting without a lock (readers go on meanwhile).
        let holder = try Self.switchToWriteAheadLog(path, isNew: isNew, notice: notice)
        defer { sqlite3_close_v2(holder) }
        connection = try Self.openQueue(path, Self.configuration(path, prepareConnection: prepareConnection, access: .writing, notice: notice))
        try Self.translatingErrors(path) {
            try connection.writeWithoutTransaction { db in try Self.enterWriteAheadLog(db) }
        }
        let applied = try migrator.migrate(connection, displayName: path)
        if let last = applied.last {
            let first = applied[0].version - 1
            notice(first == 0
                ? "created \(TerminalText.escaped(path)) (gesturelab schema version \(last.version))"
                : "migrated \(TerminalText.escaped(path)) from schema version \(first) to \(last.version) ("
                    + applied.map(\.name).joined(separator: ", ") + ")")
        }
        opened = true
    }

    /// Removes the file at `path` and its companions when nothing was ever
    /// written to it: the main file and any `-wal` are empty.
    static func removeIfNeverWritten(_ path: String) {
        guard FileManager.default.fileExists(atPath: path), fileSize(path) == 0, fileSize(path + "-wal") == 0 else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Opens an existing database only to read: `SQLITE_OPEN_READONLY`, so
    /// a file or folder the user may not write can be queried, and nothing
    /// waits for an import (readers see its last committed state).
    ///
    /// A database that needs a migration is migrated first when the user may
    /// write it (saying so through `notice`), else refused with that reason.
    ///
    /// - Throws: `StoreError` when there is no database at `path` (none is
    ///   created), when it is not a gesturelab database, or when it needs a
    ///   migration it cannot get here.
    package init(readingAt path: String, prepareConnection: @escaping ConnectionPreparation = { _ in },
                migrator: SchemaMigrator = SchemaMigrator(),
                notice: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.path = path
        self.access = .reading
        self.notice = notice
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError("no database at \(TerminalText.escaped(path)): nothing has been imported there. "
                + "Import a capture first (gesturelab import --db \(TerminalText.escaped(path)) FILE), or name another file with --db.")
        }
        guard Self.fileSize(path) > 0 else {
            throw StoreError("\(TerminalText.escaped(path)) is empty: nothing has been imported there yet. "
                + "Import a capture first (gesturelab import --db \(TerminalText.escaped(path)) FILE).")
        }
        try Self.rollBackInterruptedJournal(path)
        Self.finishUnfinishedCheckpoint(path, notice: notice)
        let configuration = Self.configuration(path, prepareConnection: prepareConnection, access: .reading, notice: notice)
        var queue = try Self.openReadOnly(path, configuration)
        let pending = try Self.translatingErrors(path) {
            try queue.read { db in try migrator.pendingMigrations(db, displayName: path) }
        }
        if !pending.isEmpty {
            try queue.close()
            guard Self.mayWrite(path) else {
                throw StoreError("\(TerminalText.escaped(path)) needs schema migration \(pending.map(\.name).joined(separator: ", ")) "
                    + "before this gesturelab can read it, but you may not write to it here; nothing was changed. "
                    + "Run any gesturelab import on it as a user who may write it, or query a copy.")
            }
            let writer = try GestureDatabase(path: path, migrator: migrator, notice: notice)
            try writer.close()
            queue = try Self.openReadOnly(path, configuration)
        }
        connection = queue
    }

    /// Ends this connection; a writer must call it (there is no `deinit`
    /// doing it: `connection` may outlive this object). A writer first leaves the file at rest: every
    /// committed page in the main file and, when no other process has the
    /// file open, back in rollback-journal mode with no `-wal` or `-shm`
    /// beside it (`GestureDatabase+RestingState.swift`).
    package func close() throws {
        closeLock.lock()
        defer { closeLock.unlock() }
        guard !isClosed else { return }
        isClosed = true
        // The connection closes even when the file could not be put at
        // rest: left open, it would keep the next command from finishing.
        let resting = Result { if access == .writing { try connection.writeWithoutTransaction { db in try leaveAtRest(db) } } }
        try connection.close()
        try resting.get()
    }

    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
    }

    /// Whether this process may write the file and create files beside it.
    static func mayWrite(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return systemAccess(path, W_OK) == 0 && systemAccess(directory.isEmpty ? "." : directory, W_OK) == 0
    }

    /// A read-only connection. A file left in WAL mode with no `-wal` beside
    /// it (made by an older gesturelab) cannot be opened so in a folder the
    /// user may not write, because SQLite must create `-wal` and `-shm`; no
    /// `-wal` also means no process is writing it, so it is then opened as
    /// immutable (`file:lab.sqlite?immutable=1`), which creates nothing.
    private static func openReadOnly(_ path: String, _ configuration: Configuration) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            guard isWriteAheadLogAtRest(path) else {
                throw StoreError("cannot open database \(TerminalText.escaped(path)): \(error.message ?? "\(error)")")
            }
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
            return try openQueue(uri, configuration)
        }
    }

    /// The header says WAL mode (bytes 18 and 19 are 2) and no `-wal` exists.
    static func isWriteAheadLogAtRest(_ path: String) -> Bool {
        guard !FileManager.default.fileExists(atPath: path + "-wal"),
              let file = FileHandle(forReadingAtPath: path),
              let header = try? file.read(upToCount: 20), header.count == 20
        else { return false }
        try? file.close()
        return header[18] == 2 && header[19] == 2
    }

    private static func openQueue(_ path: String, _ configuration: Configuration) throws -> DatabaseQueue {
        try translatingErrors(path) { try DatabaseQueue(path: path, configuration: configuration) }
    }

    static func translatingErrors<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError("cannot open database \(TerminalText.escaped(path)): \(error.message ?? "\(error)")")
        }
    }

    private static func configuration(_ path: String, prepareConnection: @escaping ConnectionPreparation,
                                      access: Access,
                                      notice: @escaping @Sendable (String) -> Void) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.readonly = access == .reading
        switch access {
        case .writing:
            // An import holds the write lock for a whole file, as long as its
            // input takes (a pipe may stay open for hours): a second writer
            // waits its turn rather than failing.
            configuration.busyMode = .callback(WriterTurn(notice: notice, message: "waiting: another process is "
                + "writing to \(TerminalText.escaped(path)) (an import?); this command goes on when it ends").busyCallback)
        case .reading:
            // Readers never wait for a writer's transaction (WAL); only for
            // the moment a writer switches the journal mode.
            configuration.busyMode = .timeout(60)
        }
        configuration.prepareDatabase { db in
            try prepareConnection(db)
        }
        return configuration
    }
}

/// `access(2)`, out of reach by that name inside `GestureDatabase`.
private func systemAccess(_ path: String, _ mode: Int32) -> Int32 {
    access(path, mode)
}
