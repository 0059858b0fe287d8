import GRDB

/// The schema of a migrated database as one SQL text, for people to read.
///
/// Migrations are replayed in order and a later one may drop and re-create
/// what an earlier one made (0003 re-creates every view), so no single
/// migration shows the current schema. This prints what the database holds
/// after all of them, each statement as SQLite stored it: first what a
/// user's SQL reads (the tables and views ``StoreRelations`` offers), then
/// the tables that only keep them, with their indexes; each part tables
/// in creation order, then indexes, views and triggers. `docs/schema.sql`
/// is this text for a new database, kept true by a test.
///
/// ```swift
/// let text = try database.connection.read { db in try SchemaText.sql(db) }
/// ```
package enum SchemaText {
    package static func sql(_ db: Database) throws -> String {
        let version = try Int.fetchOne(db, sql: "SELECT max(version) FROM \(SchemaMigrator.ledgerTable)") ?? 0
        var text = """
            -- The gesturelab schema after every migration in Migrations/ (schema version \(version)).
            -- Generated from a new database; do not edit. After adding a migration, run
            -- scripts/update-schema.sh to write it anew. PRAGMA application_id = 0x\(String(SchemaMigrator.applicationID, radix: 16, uppercase: true))
            -- ("GLAB"); new databases use \(GestureDatabase.pageSize)-byte pages.


            """
        let statements = try Row.fetchAll(db, sql: """
            SELECT tbl_name, sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid
            """).map { (table: $0[0] as String, sql: $0[1] as String) }
        func listing(_ part: [(table: String, sql: String)]) -> String {
            part.map { $0.sql + ";\n" }.joined(separator: "\n")
        }
        text += "-- The relations to query (`gesturelab query --list` says what a row of each is).\n\n"
        text += listing(statements.filter { !StoreRelations.isInternal($0.table) })
        text += """

            -- How the store keeps them: names as ids in `name`, rows in `stored_*`.
            -- Not for your SQL: any migration may change these; query the relations above.


            """
        text += listing(statements.filter { StoreRelations.isInternal($0.table) })
        return text
    }
}
