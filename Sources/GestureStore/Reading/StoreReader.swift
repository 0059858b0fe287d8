import GRDB

/// What reading a store needs, whatever engine holds it: run a `SELECT`
/// with arguments and hand over its rows one at a time.
///
/// The analysis layer and the CLI read through this seam only, so they
/// never learn a dialect. SQL is written once, in the dialect both engines
/// share (`?` and `:name` parameters, the relations and percentile functions
/// of the store); an engine translates what it must. GRDB's `Database`
/// conforms, so code holding one passes it as it is:
///
///     try database.connection.read { db in try db.fetchStrings(sql: "SELECT DISTINCT variant FROM session") }
///
/// Values travel as GRDB's `DatabaseValue`, a plain enum of SQLite's five
/// storage classes that every engine maps its values onto.
///
/// Failures are ``StoreError``, on every engine, so callers have one kind of
/// error to word for the user: a statement the engine refused carries a
/// ``StatementFailure`` (a write refused by the read-only reader is
/// ``StatementFailure/Reason/writeRefused``), a store that cannot be reached
/// carries only its message. Errors thrown by the caller's own closures go
/// through unchanged.
package protocol StoreReader {
    /// Runs one statement; calls `columns` once with the column names, then
    /// `row` for each row as it arrives, so memory stays constant.
    ///
    /// - Throws: ``StoreError``, or what `columns` and `row` throw.
    func forEachRow(sql: String, arguments: StoreArguments,
                    columns: ([String]) throws -> Void,
                    row: ([DatabaseValue]) throws -> Void) throws

    /// The store's tables and views, without the engine's own and the
    /// migration ledger, views first then tables, each in name order.
    func relationNames() throws -> [String]

    /// The SQL this engine runs for the built-in canned query `name`, whose
    /// portable text is `sql`: the text itself, or a variant written for the
    /// engine when one query cannot serve both.
    func builtInQuerySQL(name: String, portable sql: String) -> String
}

extension StoreReader {
    /// The first column of every row.
    package func fetchColumn(sql: String, arguments: StoreArguments = []) throws -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        try forEachRow(sql: sql, arguments: arguments, columns: { _ in }, row: { values.append($0.first ?? .null) })
        return values
    }

    /// The first column as text; NULL becomes an empty string.
    package func fetchStrings(sql: String, arguments: StoreArguments = []) throws -> [String] {
        try fetchColumn(sql: sql, arguments: arguments).map { String.fromDatabaseValue($0) ?? "" }
    }

    /// The first column as doubles; NULL rows are left out.
    package func fetchDoubles(sql: String, arguments: StoreArguments = []) throws -> [Double] {
        try fetchColumn(sql: sql, arguments: arguments).compactMap { Double.fromDatabaseValue($0) }
    }

    /// The first column of the first row as an integer; nil for no row or NULL.
    package func fetchInt(sql: String, arguments: StoreArguments = []) throws -> Int? {
        try fetchColumn(sql: sql, arguments: arguments).first.flatMap { Int.fromDatabaseValue($0) }
    }
}
