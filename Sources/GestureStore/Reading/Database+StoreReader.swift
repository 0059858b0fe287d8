import GRDB

/// A SQLite store read through the seam: the statement runs as written.
extension Database: StoreReader {
    package func forEachRow(sql: String, arguments: StoreArguments,
                           columns: ([String]) throws -> Void,
                           row: ([DatabaseValue]) throws -> Void) throws {
        // Only GRDB's calls are translated: the closures' errors are the caller's.
        let statement = try StoreError.translatingSQLite {
            let statement = try makeStatement(sql: sql)
            try statement.setArguments(arguments.statementArguments)
            return statement
        }
        try columns(statement.columnNames)
        let cursor = try StoreError.translatingSQLite { try Row.fetchCursor(statement) }
        while let next = try StoreError.translatingSQLite({ try cursor.next() }) {
            try row(Array(next.databaseValues))
        }
    }

    package func relationNames() throws -> [String] {
        try StoreError.translatingSQLite {
            try String.fetchAll(self, sql: """
                SELECT name FROM sqlite_schema
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name != ?
                ORDER BY type DESC, name
                """, arguments: [SchemaMigrator.ledgerTable])
        }
    }

    package func builtInQuerySQL(name: String, portable sql: String) -> String { sql }
}
