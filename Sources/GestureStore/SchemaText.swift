import GRDB

/// The schema of a migrated database as one SQL text, for people to read.
///
/// Migrations are replayed in order and a later one may drop and re-create
/// what an earlier one made (0003 re-creates every view), so no single
/// migration shows the current schema. This prints what the database holds
/// after all of them: tables in creation order, then indexes, views and
/// triggers, each statement as SQLite stored it. `docs/schema.sql` is this
/// text for a new database, kept true by a test.
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
        let statements = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid
            """)
        text += statements.map { $0 + ";\n" }.joined(separator: "\n")
        return text
    }
}
