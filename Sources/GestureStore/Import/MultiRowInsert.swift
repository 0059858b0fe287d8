import GRDB

/// A row type the import writes many to a statement.
protocol InsertableRow {
    static var table: String { get }
    static var columns: [String] { get }
    /// The `ON CONFLICT … DO UPDATE` clause that merges a row into a stored
    /// one of its key; empty for tables whose rows never meet.
    static var conflictClause: String { get }
    /// Binds the row's values from parameter `offset + 1` on.
    func bind(to statement: BoundStatement, at offset: Int32, in context: BindContext)
}

extension InsertableRow {
    static var conflictClause: String { "" }

    /// The row with its strings spelled out, for error messages.
    func describe(in context: BindContext) -> String {
        Mirror(reflecting: self).children.map { child in
            let value: Any = switch child.value {
            case let range as TextRange: context.string(range)
            case let range as TextRange?: range.map { context.string($0) } ?? "nil"
            default: child.value
            }
            return "\(child.label ?? "_"): \(value)"
        }.joined(separator: ", ")
    }
}

/// Inserts rows into one table many to a statement: `INSERT … VALUES (…), (…), …`.
///
/// One statement per row spends most of SQLite's time starting and ending
/// statements; 64 rows a statement pay that once for all 64. A batch's
/// rows go in full statements, then the rest in statements of falling
/// powers of two (a rest of 45 rows goes as 32 + 8 + 4 + 1): seven
/// statements a table, each prepared once. One statement for each size of
/// rest had meant preparing statements over and over in an import, a
/// visible share of the inserting thread's time.
final class MultiRowInsert<Row: InsertableRow> {
    static var rowsPerStatement: Int { 64 }

    private let db: Database
    private let upserting: Bool
    private let columnCount: Int32
    /// By row count, prepared on first use.
    private var statements: [BoundStatement?]

    /// - Parameter upserting: insert with the row type's `conflictClause`,
    ///   for rows that may meet a stored row of their key.
    init(_ db: Database, upserting: Bool = false) {
        precondition(!upserting || !Row.conflictClause.isEmpty, "\(Row.table) rows have no conflict clause to upsert by")
        self.db = db
        self.upserting = upserting
        columnCount = Int32(Row.columns.count)
        statements = Array(repeating: nil, count: Self.rowsPerStatement + 1)
    }

    /// On an error, the failing statement's rows before the bad one may
    /// stay: the caller rolls its transaction back (the importer does).
    func insert(_ rows: [Row], in context: BindContext) throws {
        var start = 0
        while start < rows.count {
            let count = Self.statementRows(remaining: rows.count - start)
            let statement = try statement(rows: count)
            for index in 0..<count {
                rows[start + index].bind(to: statement, at: Int32(index) * columnCount, in: context)
            }
            try statement.execute(db, arguments: rows[start..<start + count].map { $0.describe(in: context) }
                .joined(separator: "; "))
            start += count
        }
    }

    /// How many of `remaining` rows the next statement takes: all it can
    /// up to `rowsPerStatement`, else the largest power of two that fits.
    static func statementRows(remaining: Int) -> Int {
        if remaining >= rowsPerStatement { return rowsPerStatement }
        return 1 << (Int.bitWidth - 1 - remaining.leadingZeroBitCount)
    }

    private func statement(rows count: Int) throws -> BoundStatement {
        if let statement = statements[count] { return statement }
        let placeholders = "(" + Array(repeating: "?", count: Row.columns.count).joined(separator: ", ") + ")"
        // OR FAIL: a multi-row INSERT that may abort halfway makes SQLite
        // open a statement journal for every execution (a savepoint, a
        // bitvec, and a copy of each existing page the statement touches);
        // OR FAIL needs none. It differs from the default only in what a
        // failing statement leaves of its own earlier rows, and every caller
        // rolls back its whole transaction on any error. An upsert's DO
        // UPDATE always aborts on error, so upserted rows pay for the journal
        // whatever the verb; they keep the default.
        let verb = upserting ? "INSERT" : "INSERT OR FAIL"
        let sql = "\(verb) INTO \(Row.table) (\(Row.columns.joined(separator: ", "))) VALUES "
            + Array(repeating: placeholders, count: count).joined(separator: ", ")
            + (upserting ? " " + Row.conflictClause : "")
        let statement = try BoundStatement(db, sql: sql)
        statements[count] = statement
        return statement
    }
}
