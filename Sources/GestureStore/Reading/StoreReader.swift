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

    /// Runs one statement the project wrote (never a user's), as
    /// ``forEachRow(sql:arguments:columns:row:)`` does: the same columns,
    /// rows and order. An engine may plan it in its own way; SQLite reads
    /// the names the views look up from memory (``InMemoryNames``) rather
    /// than with a seek per name per row. Errors may quote the SQL it ran.
    func forEachRow(projectSQL sql: String, arguments: StoreArguments,
                    columns: ([String]) throws -> Void,
                    row: ([DatabaseValue]) throws -> Void) throws

    /// Runs one statement the project wrote as
    /// ``forEachRow(projectSQL:arguments:columns:row:)`` does, handing each
    /// row's cells to `cells` in place (``CellSink``): the same values, with
    /// no Swift value per cell where the engine can avoid one.
    func forEachRow(projectSQL sql: String, arguments: StoreArguments,
                    columns: ([String]) throws -> Void,
                    cells: some CellSink) throws

    /// The relations the store offers (``StoreRelations``), views first
    /// then tables, each in name order: none of the engine's own tables,
    /// and none of those that only keep the relations.
    func relationNames() throws -> [String]

    /// The SQL this engine runs for the built-in canned query `name` (or
    /// `sessions`, the command's listing), whose portable text is `sql`: the
    /// text itself, or a variant written for the engine when one query
    /// cannot serve both.
    func builtInQuerySQL(name: String, portable sql: String) -> String

    /// The SQL `export` runs for a table or relation (``ExportOrder``):
    /// SQLite reads it unsorted, in the order it is stored; the server sorts
    /// what it can into that order.
    func exportSQL(relation: String) -> String

    /// Every row of a relation, as `export` writes it: the rows and order
    /// of ``exportSQL(relation:)``, handed over as
    /// ``forEachRow(projectSQL:arguments:columns:cells:)`` hands them. An
    /// engine may send them in its own way (the server, a session at a time).
    func forEachExportRow(relation: String, columns: ([String]) throws -> Void,
                          cells: some CellSink) throws

    /// The schema that holds the store's relations (`main` in SQLite,
    /// `public` on the server): SQL that shadows a relation with a common
    /// table expression of the same name reads the relation itself through it.
    var schemaName: String { get }
}

extension StoreReader {
    package var schemaName: String { "main" }

    /// The relation as the engine reads it, unsorted: SQLite's own order.
    package func exportSQL(relation: String) -> String {
        ExportOrder.sql(relation: relation, sorted: false)
    }

    /// The export's statement, run as the project's SQL.
    package func forEachExportRow(relation: String, columns: ([String]) throws -> Void,
                                  cells: some CellSink) throws {
        try forEachRow(projectSQL: exportSQL(relation: relation), arguments: [], columns: columns, cells: cells)
    }

    /// Runs the statement as written: an engine without a plan of its own
    /// for the project's SQL.
    package func forEachRow(projectSQL sql: String, arguments: StoreArguments,
                            columns: ([String]) throws -> Void,
                            row: ([DatabaseValue]) throws -> Void) throws {
        try forEachRow(sql: sql, arguments: arguments, columns: columns, row: row)
    }

    /// Each row's values, one cell after another.
    package func forEachRow(projectSQL sql: String, arguments: StoreArguments,
                            columns: ([String]) throws -> Void,
                            cells: some CellSink) throws {
        try forEachRow(projectSQL: sql, arguments: arguments, columns: columns) { values in
            for value in values { cells.append(value) }
            try cells.endRow()
        }
    }

    /// The first column of every row.
    package func fetchColumn(sql: String, arguments: StoreArguments = []) throws -> [DatabaseValue] {
        try firstColumn(of: sql, arguments: arguments, projectSQL: false)
    }

    /// The first column of every row of SQL the project wrote
    /// (``forEachRow(projectSQL:arguments:columns:row:)``).
    package func fetchColumn(projectSQL sql: String, arguments: StoreArguments = []) throws -> [DatabaseValue] {
        try firstColumn(of: sql, arguments: arguments, projectSQL: true)
    }

    /// The first column as text; NULL becomes an empty string.
    package func fetchStrings(sql: String, arguments: StoreArguments = []) throws -> [String] {
        try fetchColumn(sql: sql, arguments: arguments).map { String.fromDatabaseValue($0) ?? "" }
    }

    /// The first column of the project's SQL as text; NULL becomes an empty string.
    package func fetchStrings(projectSQL sql: String, arguments: StoreArguments = []) throws -> [String] {
        try fetchColumn(projectSQL: sql, arguments: arguments).map { String.fromDatabaseValue($0) ?? "" }
    }

    /// The first column as doubles; NULL rows are left out.
    package func fetchDoubles(sql: String, arguments: StoreArguments = []) throws -> [Double] {
        try fetchColumn(sql: sql, arguments: arguments).compactMap { Double.fromDatabaseValue($0) }
    }

    /// The first column of the project's SQL as doubles; NULL rows are left out.
    package func fetchDoubles(projectSQL sql: String, arguments: StoreArguments = []) throws -> [Double] {
        try fetchColumn(projectSQL: sql, arguments: arguments).compactMap { Double.fromDatabaseValue($0) }
    }

    /// The first column of the first row as an integer; nil for no row or NULL.
    package func fetchInt(sql: String, arguments: StoreArguments = []) throws -> Int? {
        try fetchColumn(sql: sql, arguments: arguments).first.flatMap { Int.fromDatabaseValue($0) }
    }

    /// The first column of the first row of the project's SQL as an integer.
    package func fetchInt(projectSQL sql: String, arguments: StoreArguments = []) throws -> Int? {
        try fetchColumn(projectSQL: sql, arguments: arguments).first.flatMap { Int.fromDatabaseValue($0) }
    }

    private func firstColumn(of sql: String, arguments: StoreArguments, projectSQL: Bool) throws -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        let keep: ([DatabaseValue]) -> Void = { values.append($0.first ?? .null) }
        if projectSQL {
            try forEachRow(projectSQL: sql, arguments: arguments, columns: { _ in }, row: keep)
        } else {
            try forEachRow(sql: sql, arguments: arguments, columns: { _ in }, row: keep)
        }
        return values
    }
}
