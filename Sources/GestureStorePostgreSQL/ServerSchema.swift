#if PostgreSQL
import Foundation
import GestureStore
import GRDB
import PostgresNIO

/// Brings a PostgreSQL database to this binary's server schema, or refuses
/// it untouched, with the rules of the SQLite store's `SchemaMigrator`.
///
/// The migrations are `Migrations/postgresql/NNNN_name.sql`, numbered on
/// their own. The ledger table records each applied migration's SHA-256;
/// a database whose applied migration was since edited, or that a newer
/// gesturelab migrated, is refused. An empty database becomes a store on
/// the first push; one with other tables is refused. Each migration runs in
/// its own transaction together with its ledger row, under an advisory
/// lock, so two pushes that start at once migrate once.
package struct ServerSchema: Sendable {
    /// The ledger table, named as in SQLite stores.
    package static let ledgerTable = SchemaMigrator.ledgerTable
    /// The advisory lock key migrations hold: "GLAB" and 1.
    static let migrationLock: Int64 = 0x474C_4142_0000_0001

    /// The server migrations built into this binary, in version order.
    package static let embedded = Migration.numbered(EmbeddedMigrations.files)

    package var migrations: [Migration]

    package init(migrations: [Migration] = ServerSchema.embedded) {
        self.migrations = migrations
    }

    /// How refusals name the server's side.
    static let wording = MigrationLedger.Wording(
        schemaVersion: "server schema version", migration: "server migration", location: "on the server",
        newerAdvice: "Upgrade gesturelab.")

    /// The migrations the database still needs, after checking it may be
    /// touched at all. Reads only.
    package func pendingMigrations(_ connection: ServerConnection) throws -> [Migration] {
        let store = connection.address.masked
        let hasLedger = try connection.values(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name = $1",
            [Self.ledgerTable.databaseValue]).first == .some(1.databaseValue)
        var applied: [SchemaMigrator.AppliedMigration] = []
        if hasLedger {
            try connection.forEachRow(PostgresQuery(unsafeSQL: "SELECT version, name, checksum FROM \(Self.ledgerTable) ORDER BY version")) { row in
                let values = row.map(\.databaseValue)
                applied.append(SchemaMigrator.AppliedMigration(
                    version: Int.fromDatabaseValue(values[0]) ?? 0, name: String.fromDatabaseValue(values[1]) ?? "",
                    checksum: String.fromDatabaseValue(values[2]) ?? ""))
            }
        } else {
            let tables = try connection.values(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", [])
            if tables.first != .some(0.databaseValue) {
                throw StoreError("\(store) is not a gesturelab store (it has tables but no \(Self.ledgerTable) table); "
                    + "nothing was changed. Name an empty database or a gesturelab store.")
            }
        }
        return try MigrationLedger.pending(known: migrations, applied: applied, store: store, wording: Self.wording)
    }

    /// Refuses a database that is not a store this binary can read as it is.
    ///
    /// A store that a running push is still building (its first push, or
    /// one by a newer gesturelab) is refused as such: the reader is told to
    /// wait, not that the store is empty or out of date.
    package func checkReadable(_ connection: ServerConnection) throws {
        let pending = try pendingMigrations(connection)
        guard let first = pending.first else { return }
        let store = connection.address.masked
        if try isBeingMigrated(connection) {
            throw StoreError("\(store) is being set up by a push that is still running (server migration "
                + "\(first.name), \(migrations.count - pending.count + 1) of \(migrations.count)): wait for the push to finish, then run this again")
        }
        if pending.count == migrations.count {
            throw StoreError("\(store) is not a gesturelab store yet (it is empty): `gesturelab push --to` it first")
        }
        // Between two migrations a running push holds no lock: say both.
        throw StoreError("\(store) needs server migration \(first.name): if a push to it is running, wait for it; "
            + "otherwise `gesturelab push --to` it once with this gesturelab to bring it up to date")
    }

    /// Whether a push holds the migration lock on this database right now.
    /// Reads `pg_locks` only: the reader takes no lock of its own.
    func isBeingMigrated(_ connection: ServerConnection) throws -> Bool {
        // An advisory lock on a bigint key shows as (classid, objid) = its
        // high and low 32 bits, objsubid 1.
        let held = try connection.values("""
            SELECT count(*) FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND objsubid = 1
              AND classid = $1::bigint::oid AND objid = $2::bigint::oid
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """, [(Self.migrationLock >> 32).databaseValue, (Self.migrationLock & 0xFFFF_FFFF).databaseValue])
        return held.first != .some(0.databaseValue)
    }

    /// Checks the database, then applies each pending migration in its own
    /// transaction. Returns the migrations applied.
    @discardableResult
    package func migrate(_ connection: ServerConnection) throws -> [Migration] {
        _ = try pendingMigrations(connection)
        var applied: [Migration] = []
        while true {
            try connection.execute("BEGIN", "SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
            do {
                // Again under the lock: another push may have migrated meanwhile.
                guard let migration = try pendingMigrations(connection).first else {
                    try connection.execute("COMMIT")
                    return applied
                }
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS \(Self.ledgerTable) (
                        version     bigint PRIMARY KEY,
                        name        text NOT NULL,
                        checksum    text NOT NULL,   -- SHA-256 of the migration's SQL
                        applied_at  text NOT NULL
                    )
                    """)
                do {
                    for statement in SQLScript.statements(migration.sql) { try connection.execute(statement) }
                } catch let error as PSQLError where error.code == .server {
                    throw StoreError("server migration \(migration.name) failed: "
                        + (error.serverInfo?[.message] ?? "\(error.code)"))
                }
                _ = try connection.values(
                    "INSERT INTO \(Self.ledgerTable) (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                    [Int64(migration.version).databaseValue, migration.name.databaseValue,
                     migration.checksum.databaseValue, Date().iso8601UTC.databaseValue])
                try connection.execute("COMMIT")
                applied.append(migration)
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}

extension ServerConnection {
    /// The first column of every row of a small query.
    func values(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseValue] {
        var bindings = PostgresBindings()
        for value in arguments { ServerReader.bind(value, to: &bindings) }
        var values: [DatabaseValue] = []
        try forEachRow(PostgresQuery(unsafeSQL: sql, binds: bindings)) { values.append($0.first?.databaseValue ?? .null) }
        return values
    }
}
#endif
