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
        // The cursor steps the statement; each row's values are read from it
        // into one array kept across rows: a row then costs no allocation
        // (only a text longer than a small string does), where copying
        // GRDB's row into a new array cost more than SQLite's own work.
        let sqliteStatement = statement.sqliteStatement
        var values = [DatabaseValue](repeating: .null, count: statement.columnCount)
        while try StoreError.translatingSQLite({ try cursor.next() }) != nil {
            for index in values.indices {
                values[index] = DatabaseValue(sqliteStatement: sqliteStatement, index: CInt(index))
            }
            try row(values)
        }
    }

    /// The views the statement reads take their names from memory
    /// (``runningProjectSQL(_:_:)``).
    package func forEachRow(projectSQL sql: String, arguments: StoreArguments,
                            columns: ([String]) throws -> Void,
                            row: ([DatabaseValue]) throws -> Void) throws {
        try runningProjectSQL(sql) { resolved in
            try forEachRow(sql: resolved, arguments: arguments, columns: columns, row: row)
        }
    }

    package func relationNames() throws -> [String] {
        try StoreError.translatingSQLite {
            try String.fetchAll(self, sql: """
                SELECT name FROM sqlite_schema
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'
                ORDER BY type DESC, name
                """)
        }.filter { !StoreRelations.isInternal($0) }
    }

    package func builtInQuerySQL(name: String, portable sql: String) -> String { sql }
}
