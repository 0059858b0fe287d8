import GRDB

/// A SQLite store read as an engine without plans of its own reads one:
/// every statement runs as written, the project's too (no names from
/// memory, no one-pass tallies that look for a `Database`).
///
/// The reference that SQLite's own plans are checked against:
///
/// ```swift
/// let planned = try Comparer.run(request, in: db)
/// let written = try Comparer.run(request, in: SQLiteAsWritten(db))
/// ```
package struct SQLiteAsWritten: StoreReader {
    package let db: Database

    package init(_ db: Database) { self.db = db }

    package func forEachRow(sql: String, arguments: StoreArguments, columns: ([String]) throws -> Void,
                            row: ([DatabaseValue]) throws -> Void) throws {
        try db.forEachRow(sql: sql, arguments: arguments, columns: columns, row: row)
    }

    package func relationNames() throws -> [String] { try db.relationNames() }

    package func builtInQuerySQL(name: String, portable sql: String) -> String { sql }
}
