import GRDB

/// A SQLite store read through the seam: the statement runs as written.
extension Database: StoreReader {
    package func forEachRow(sql: String, arguments: StoreArguments,
                           columns: ([String]) throws -> Void,
                           row: ([DatabaseValue]) throws -> Void) throws {
        let statement = try makeStatement(sql: sql)
        try statement.setArguments(arguments.statementArguments)
        try columns(statement.columnNames)
        let cursor = try Row.fetchCursor(statement)
        while let next = try cursor.next() {
            try row(Array(next.databaseValues))
        }
    }

    package func relationNames() throws -> [String] {
        try String.fetchAll(self, sql: """
            SELECT name FROM sqlite_schema
            WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name != ?
            ORDER BY type DESC, name
            """, arguments: [SchemaMigrator.ledgerTable])
    }

    package func builtInQuerySQL(name: String, portable sql: String) -> String { sql }
}
