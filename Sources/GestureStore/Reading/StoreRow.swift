import GRDB

/// One row a ``StoreReader`` returned: its values by position or by column
/// name, converted as GRDB's `Row` converts them, whatever the engine.
///
///     for row in try reader.fetchRows(sql: "SELECT session, dropped FROM session") {
///         let id: String = row[0]
///         let dropped: Int = row["dropped"]
///     }
package struct StoreRow: Sendable {
    package let columns: [String]
    package let values: [DatabaseValue]

    @_disfavoredOverload
    package subscript<T: DatabaseValueConvertible>(_ index: Int) -> T {
        T.fromDatabaseValue(values[index])!
    }

    package subscript<T: DatabaseValueConvertible>(_ index: Int) -> T? {
        T.fromDatabaseValue(values[index])
    }

    @_disfavoredOverload
    package subscript<T: DatabaseValueConvertible>(_ column: String) -> T {
        T.fromDatabaseValue(value(named: column))!
    }

    package subscript<T: DatabaseValueConvertible>(_ column: String) -> T? {
        T.fromDatabaseValue(value(named: column))
    }

    private func value(named column: String) -> DatabaseValue {
        columns.firstIndex(of: column).map { values[$0] } ?? .null
    }
}

extension StoreReader {
    /// Every row of `sql`, for results small enough to hold (a report's
    /// inventory, a list of suggestions); stream with `forEachRow` otherwise.
    package func fetchRows(sql: String, arguments: StoreArguments = []) throws -> [StoreRow] {
        try heldRows(of: sql, arguments: arguments, projectSQL: false)
    }

    /// Every row of SQL the project wrote
    /// (``forEachRow(projectSQL:arguments:columns:row:)``), held.
    package func fetchRows(projectSQL sql: String, arguments: StoreArguments = []) throws -> [StoreRow] {
        try heldRows(of: sql, arguments: arguments, projectSQL: true)
    }

    private func heldRows(of sql: String, arguments: StoreArguments, projectSQL: Bool) throws -> [StoreRow] {
        var columns: [String] = []
        var rows: [StoreRow] = []
        let name: ([String]) -> Void = { columns = $0 }
        let keep: ([DatabaseValue]) -> Void = { rows.append(StoreRow(columns: columns, values: $0)) }
        if projectSQL {
            try forEachRow(projectSQL: sql, arguments: arguments, columns: name, row: keep)
        } else {
            try forEachRow(sql: sql, arguments: arguments, columns: name, row: keep)
        }
        return rows
    }
}
