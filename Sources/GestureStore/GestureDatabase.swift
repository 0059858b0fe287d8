import Foundation
import GRDB

/// A gesturelab database file: opened, checked and migrated.
///
/// The file is in WAL mode so queries can read while an import writes.
///
///     let database = try GestureDatabase(path: "lab.sqlite")
///     let count = try database.pool.read { db in
///         try Int.fetchOne(db, sql: "SELECT count(*) FROM session")
///     }
public final class GestureDatabase: Sendable {
    /// The file name used when neither `--db` nor `$GESTURELAB_DB` names one.
    public static let defaultFileName = "gesturelab.sqlite"
    /// The environment variable that names the database.
    public static let environmentVariable = "GESTURELAB_DB"
    /// The page size of databases gesturelab creates, in bytes.
    ///
    /// Four times SQLite's default: the store is written in long appends and
    /// read in long range scans, so bigger pages mean a quarter of the page
    /// writes, WAL frames and B-tree splits per import (BENCHMARKS.md). A
    /// database keeps the page size it was created with.
    public static let pageSize = 16_384

    /// Work every connection needs before use, such as registering SQL functions.
    public typealias ConnectionPreparation = @Sendable (Database) throws -> Void

    public let path: String
    public let pool: DatabasePool

    /// Where the database is: the explicit path, else `$GESTURELAB_DB`,
    /// else `gesturelab.sqlite` in the current directory.
    public static func resolvePath(explicit: String?,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        return defaultFileName
    }

    /// Opens the database at `path`, creating and migrating it on first use.
    ///
    /// - Parameter prepareConnection: runs on every connection as it opens
    ///   (the analysis layer registers its percentile functions here).
    /// - Throws: `StoreError` when the file must not be touched; nothing in
    ///   it has changed then.
    public init(path: String, prepareConnection: @escaping ConnectionPreparation = { _ in },
                migrator: SchemaMigrator = SchemaMigrator()) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            throw StoreError("cannot create database \(path): folder \(directory) does not exist")
        }

        // Look before the pool opens: opening a pool switches the file to WAL,
        // which a refused database must not see.
        let existingSize = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        if existingSize > 0 {
            do {
                let queue = try DatabaseQueue(path: path, configuration: Self.configuration(prepareConnection: { _ in }))
                defer { try? queue.close() }
                _ = try queue.read { db in try migrator.pendingMigrations(db, displayName: path) }
            } catch let error as DatabaseError {
                throw StoreError("cannot open database \(path): \(error.message ?? "\(error)")")
            }
        }

        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration(
                prepareConnection: prepareConnection, pageSize: existingSize == 0 ? Self.pageSize : nil))
        } catch let error as DatabaseError {
            throw StoreError("cannot open database \(path): \(error.message ?? "\(error)")")
        }
        try migrator.migrate(pool, displayName: path)
    }

    /// - Parameter pageSize: set on a new file only: it must precede WAL
    ///   mode and the first table, and GRDB prepares each connection before
    ///   it switches the file to WAL.
    private static func configuration(prepareConnection: @escaping ConnectionPreparation,
                                      pageSize: Int? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // An import holds the write lock for a whole file; a second writer
        // waits for it rather than failing at once.
        configuration.busyMode = .timeout(60)
        configuration.prepareDatabase { db in
            if let pageSize {
                try db.execute(sql: "PRAGMA page_size = \(pageSize)")
            }
            try prepareConnection(db)
        }
        return configuration
    }
}
