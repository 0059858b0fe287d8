#if PostgreSQL
import GestureStore
import GRDB
import PostgresNIO

/// A shared store on PostgreSQL, read through the store's seam.
///
/// Reading runs in one read-only transaction, as reading commands run on
/// SQLite: a write in `--sql` fails as `writeRefused`. Every failure is a
/// `StoreError`, as the seam promises, never postgres-nio's error. The
/// search path puts the store's schema before `pg_catalog`, so
/// `percentile_cont(y, f)` is the store's SQLite-compatible aggregate rather
/// than PostgreSQL's ordered-set one, and the two-argument percentile calls
/// are sent in a form that sorts once per group (``PercentileCalls``).
///
///     let reader = try ServerReader(try ServerAddress(url: "postgresql://lab@db/gestures"))
///     defer { reader.close() }
///     try QueryCatalog.run(sql: "SELECT count(*) FROM responses", in: reader, format: .table, to: .standardOutput())
package final class ServerReader: StoreReader {
    package let connection: ServerConnection
    /// How many records a session `export` reads as one message may hold
    /// (``ExportPacks``); small in tests, to read sessions by rows.
    package var exportRecordsPerMessage = ExportPacks.recordsPerMessage
    /// The rows from which `export` reads a relation a session at a time
    /// (``ExportPacks/rowsWorthSessions``); 0 in tests, to read any so.
    package var exportRowsWorthSessions = ExportPacks.rowsWorthSessions

    /// Connects, checks the database is a gesturelab store this binary
    /// reads, and opens the read-only transaction.
    package init(_ address: ServerAddress) throws {
        connection = try ServerConnection(address)
        do {
            try ServerSchema().checkReadable(connection)
            // No JIT: the planner overrates some of the project's plans (a
            // lateral join of a canned query) and compiled them for longer
            // than they run.
            try connection.execute(
                "SET search_path = public, pg_catalog",
                "SET jit = off",
                Self.begin)
        } catch {
            connection.close()
            throw ServerFailure.describe(error, address: address, doing: "read")
        }
    }

    /// One snapshot for everything a command reads, and no writes.
    static let begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    package func close() {
        try? connection.execute("ROLLBACK")
        connection.close()
    }

    package func forEachRow(sql: String, arguments: StoreArguments,
                           columns: ([String]) throws -> Void,
                           row: ([DatabaseValue]) throws -> Void) throws {
        try forEachServerRow(sql: sql, arguments: arguments, columns: columns) { next in
            try row(next.map(\.databaseValue))
        }
    }

    /// The cells of the project's SQL, as ``PostgresCell/databaseValue``
    /// gives them, without a Swift value each.
    ///
    /// The statement is sent wrapped, a row a record (`ROW(…)`): one cell a
    /// row for postgres-nio to hand over instead of one a column, each
    /// record's fields read straight from its bytes (``RecordFields``) on
    /// the connection's event loop as each row is decoded, with no task
    /// switch a row. PostgreSQL reads a subquery's rows in its order. The
    /// column names come first, from the statement planned but not run
    /// (`LIMIT 0`).
    package func forEachRow(projectSQL sql: String, arguments: StoreArguments,
                           columns: ([String]) throws -> Void,
                           cells: some CellSink) throws {
        let sql = Self.withoutEnd(sql)
        let names = try columnNames(ofProjectSQL: sql, arguments: arguments)
        try columns(names)
        let wrapped = "SELECT ROW(gesturelab_statement.*) FROM (\n\(sql)\n) AS gesturelab_statement"
        try forEachServerRow(sql: wrapped, arguments: arguments, onEventLoop: true, columns: { _ in }, row: { next in
            for cell in next { try RecordFields.append(cell, columns: names, to: cells) }
            try cells.endRow()
        })
    }

    /// Hands over the rows of a statement whose cells are `columns`, each
    /// an array of a column's values or one value for all
    /// (``ColumnArrays``), on the connection's event loop.
    func forEachColumnArraysRow(sql: String, columns: [ColumnArrays.Column], cells: some CellSink) throws {
        try forEachServerRow(sql: sql, arguments: [], onEventLoop: true, columns: { _ in }, row: { next in
            try ColumnArrays.appendRows(of: next, columns: columns, to: cells)
        })
    }

    /// The column names of the project's statement, planned but not run
    /// (`LIMIT 0`).
    func columnNames(ofProjectSQL sql: String, arguments: StoreArguments) throws -> [String] {
        var names: [String] = []
        try forEachServerRow(sql: """
            SELECT gesturelab_columns.* FROM (SELECT 1) AS gesturelab_one LEFT JOIN (
            SELECT * FROM (
            \(Self.withoutEnd(sql))
            ) AS gesturelab_statement LIMIT 0) AS gesturelab_columns ON true
            """, arguments: arguments, columns: { names = $0 }, row: { _ in })
        return names
    }

    /// A statement without its own end, which a subquery may not hold.
    private static func withoutEnd(_ sql: String) -> String {
        var sql = Substring(sql)
        while let last = sql.last, last.isWhitespace || last == ";" { sql = sql.dropLast() }
        return String(sql)
    }

    private func forEachServerRow(sql: String, arguments: StoreArguments, onEventLoop: Bool = false,
                                  columns: ([String]) throws -> Void,
                                  row: (PostgresRow) throws -> Void) throws {
        // The percentile calls first: their arguments may hold `?` and `:name`.
        let statement = try PortableSQL(PercentileCalls.rewrite(sql)).statement(arguments)
        var bindings = PostgresBindings()
        for value in statement.values { Self.bind(value, to: &bindings) }
        var named = false
        do {
            let query = PostgresQuery(unsafeSQL: statement.text, binds: bindings)
            let each: (PostgresRow) throws -> Void = { next in
                if !named {
                    try columns(next.map(\.columnName))
                    named = true
                }
                try row(next)
            }
            if onEventLoop {
                try connection.forEachRowOnEventLoop(query, each)
            } else {
                try connection.forEachRow(query, each)
            }
            if !named {
                try columns(try columnNames(of: statement.text, bindings: bindings))
            }
        } catch let error as PSQLError {
            // A failed statement aborts PostgreSQL's transaction; start a new
            // one so the reader goes on answering, as a SQLite reader does.
            try? connection.execute("ROLLBACK", Self.begin)
            throw ServerFailure.statementError(error, sql: sql, address: connection.address)
        } catch let error as ServerFailure.Idle {
            throw ServerFailure.describe(error, address: connection.address, doing: "query")
        } catch let error as ServerFailure.Closed {
            throw ServerFailure.describe(error, address: connection.address, doing: "query")
        }
    }

    /// The column names of a statement that returned no rows: postgres-nio
    /// hands over names with rows only, so select from it beside one row of
    /// NULLs. The statement stands on lines of its own: a `--` comment at
    /// its end would otherwise run on over the closing parenthesis.
    private func columnNames(of sql: String, bindings: PostgresBindings) throws -> [String] {
        var names: [String] = []
        let probe = "SELECT gesturelab_columns.* FROM (SELECT 1) AS gesturelab_one LEFT JOIN (\n\(sql)\n) AS gesturelab_columns ON true LIMIT 1"
        try connection.forEachRow(PostgresQuery(unsafeSQL: probe, binds: bindings)) { next in
            names = next.map(\.columnName)
        }
        return names
    }

    package func relationNames() throws -> [String] {
        try fetchStrings(sql: """
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public'
            ORDER BY table_type DESC, table_name
            """).filter { !StoreRelations.isInternal($0) }
    }

    package var schemaName: String { "public" }

    package func builtInQuerySQL(name: String, portable sql: String) -> String {
        Self.variant(ofBuiltInQuery: name, portable: sql)
    }

    /// Sorted into SQLite's order where the relation's columns can say it:
    /// the server's rows lie in the order they were copied in, except where
    /// a later row fitted into room left on an earlier page.
    package func exportSQL(relation: String) -> String {
        ExportOrder.sql(relation: relation, sorted: true)
    }

    /// A built-in query's SQL on the server: its variant in
    /// Queries/postgresql/ when it has one, else the portable SQL.
    static func variant(ofBuiltInQuery name: String, portable sql: String) -> String {
        EmbeddedQueries.files.first { $0.name == "\(name).sql" }?.sql ?? sql
    }

    static func bind(_ value: DatabaseValue, to bindings: inout PostgresBindings) {
        switch value.storage {
        case .null: bindings.appendNull()
        case .int64(let integer): bindings.append(integer)
        case .double(let double): bindings.append(double)
        case .string(let string): bindings.append(string)
        case .blob(let data): bindings.append(ByteBuffer(bytes: data))
        }
    }
}
#endif
