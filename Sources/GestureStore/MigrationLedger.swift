/// Holds a store's record of applied migrations against the migrations this
/// binary carries: the one check SQLite's and the server's migrators share.
///
/// A migration the binary does not know means a newer gesturelab made the
/// store; an applied one whose name or SHA-256 differs was edited after it
/// shipped. Either refuses the store, with nothing changed. Otherwise the
/// migrations not yet applied are returned, in order.
///
///     let pending = try MigrationLedger.pending(known: Migration.embedded, applied: ledger,
///                                               store: "lab.sqlite", wording: .database)
package enum MigrationLedger {
    /// How messages name the store's side of things.
    package struct Wording: Sendable {
        /// `schema version` or `server schema version`.
        package var schemaVersion: String
        /// `migration` or `server migration`.
        package var migration: String
        /// `in the database` or `on the server`.
        package var location: String
        /// What to do about a newer store.
        package var newerAdvice: String

        package init(schemaVersion: String, migration: String, location: String, newerAdvice: String) {
            self.schemaVersion = schemaVersion
            self.migration = migration
            self.location = location
            self.newerAdvice = newerAdvice
        }

        /// A SQLite file named with `--db`.
        package static let database = Wording(
            schemaVersion: "schema version", migration: "migration", location: "in the database",
            newerAdvice: "Upgrade gesturelab or name another file with --db.")
    }

    package static func pending(known migrations: [Migration], applied: [SchemaMigrator.AppliedMigration],
                               store: String, wording: Wording) throws -> [Migration] {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let newest = migrations.last?.version ?? 0
        if let future = applied.first(where: { known[$0.version] == nil }) {
            throw StoreError(
                "\(store) was made by a newer gesturelab (\(wording.schemaVersion) \(applied.map(\.version).max() ?? future.version); "
                    + "this gesturelab knows up to \(newest)); nothing was changed. \(wording.newerAdvice)")
        }
        for record in applied {
            let migration = known[record.version]!
            if record.checksum != migration.checksum || record.name != migration.name {
                throw StoreError(
                    "\(store): \(wording.migration) \(record.name) was changed after it was applied "
                        + "(checksum \(record.checksum.prefix(12)) \(wording.location), \(migration.checksum.prefix(12)) in this gesturelab); "
                        + "nothing was changed. Shipped migrations are never edited: add a new one instead.")
            }
        }
        let appliedVersions = Set(applied.map(\.version))
        return migrations.filter { !appliedVersions.contains($0.version) }
    }
}
