import Foundation
import GRDB

/// Brings a database to this binary's schema, or refuses it untouched.
///
/// Every check runs before any write: a file that is not a gesturelab
/// database, one made by a newer schema, or one whose applied migration was
/// since edited is refused with nothing changed. Each pending migration then
/// runs in its own transaction together with the row that records it.
package struct SchemaMigrator: Sendable {
    /// SQLite's `application_id` for gesturelab databases: "GLAB" in ASCII.
    package static let applicationID: Int32 = 0x474C_4142

    /// The table that records applied migrations.
    package static let ledgerTable = "gesturelab_migration"

    package var migrations: [Migration]

    package init(migrations: [Migration] = Migration.embedded) {
        self.migrations = migrations
    }

    /// One migration recorded as applied in a database.
    package struct AppliedMigration: Sendable, Equatable {
        package var version: Int
        package var name: String
        package var checksum: String

        package init(version: Int, name: String, checksum: String) {
            self.version = version
            self.name = name
            self.checksum = checksum
        }
    }

    /// The migrations this database still needs, after checking it may be
    /// touched at all. Reads only.
    ///
    /// - Parameter displayName: the database as the user named it, for messages.
    package func pendingMigrations(_ db: Database, displayName: String) throws -> [Migration] {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let applied: [AppliedMigration]
        switch applicationID {
        case Self.applicationID:
            applied = try appliedMigrations(db)
        case 0:
            let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") ?? 0
            if tableCount > 0 {
                throw StoreError(
                    "\(displayName) is not a gesturelab database (it has tables but no gesturelab application_id); "
                        + "nothing was changed. Name another file with --db.")
            }
            applied = []
        default:
            throw StoreError(
                "\(displayName) is not a gesturelab database (application_id 0x\(String(UInt32(bitPattern: applicationID), radix: 16)), "
                    + "expected 0x\(String(Self.applicationID, radix: 16))); nothing was changed.")
        }

        return try MigrationLedger.pending(known: migrations, applied: applied, store: displayName, wording: .database)
    }

    /// Checks the database, then applies each pending migration in its own
    /// transaction. Returns the migrations applied.
    ///
    /// With none pending it only reads: no write lock is taken, so opening a
    /// database never waits for an import running elsewhere.
    @discardableResult
    package func migrate(_ writer: some DatabaseWriter, displayName: String) throws -> [Migration] {
        try writer.writeWithoutTransaction { db in
            // Plain reads, which WAL never makes wait.
            guard try !pendingMigrations(db, displayName: displayName).isEmpty else { return [] }
            var applied: [Migration] = []
            // Checked again inside each transaction: another process may have
            // migrated between our first look and the write lock.
            while true {
                var next: Migration?
                try db.inTransaction(.immediate) {
                    guard let migration = try pendingMigrations(db, displayName: displayName).first else {
                        return .commit
                    }
                    try createLedgerIfNeeded(db)
                    do {
                        try db.execute(sql: migration.sql)
                    } catch let error as DatabaseError {
                        throw StoreError("migration \(migration.name) failed: \(error.message ?? "\(error)")")
                    }
                    try db.execute(
                        sql: """
                            INSERT INTO \(Self.ledgerTable) (version, name, checksum, applied_at)
                            VALUES (?, ?, ?, ?)
                            """,
                        arguments: [migration.version, migration.name, migration.checksum, Date().iso8601UTC])
                    try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
                    next = migration
                    return .commit
                }
                guard let migration = next else { return applied }
                applied.append(migration)
            }
        }
    }

    package func appliedMigrations(_ db: Database) throws -> [AppliedMigration] {
        guard try db.tableExists(Self.ledgerTable) else { return [] }
        return try Row.fetchAll(db, sql: "SELECT version, name, checksum FROM \(Self.ledgerTable) ORDER BY version")
            .map { AppliedMigration(version: $0["version"], name: $0["name"], checksum: $0["checksum"]) }
    }

    private func createLedgerIfNeeded(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(Self.ledgerTable) (
                version     INTEGER PRIMARY KEY,
                name        TEXT NOT NULL,
                checksum    TEXT NOT NULL,   -- SHA-256 of the migration's SQL
                applied_at  TEXT NOT NULL
            ) STRICT
            """)
    }
}

extension Date {
    /// `2026-11-21T18:40:00Z`: what the store writes for wall-clock times,
    /// to the second (as `ISO8601DateFormatter` writes it).
    ///
    /// Worked out from `gmtime_r` rather than by `ISO8601DateFormatter`,
    /// whose calendar loads ICU's locale data: megabytes of an import's
    /// resident memory, for one timestamp.
    package var iso8601UTC: String {
        var seconds = time_t(timeIntervalSince1970.rounded(.down))
        var utc = tm()
        gmtime_r(&seconds, &utc)
        func padded(_ value: Int32, _ digits: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return padded(utc.tm_year + 1900, 4) + "-" + padded(utc.tm_mon + 1, 2) + "-" + padded(utc.tm_mday, 2)
            + "T" + padded(utc.tm_hour, 2) + ":" + padded(utc.tm_min, 2) + ":" + padded(utc.tm_sec, 2) + "Z"
    }
}
