import GRDB
import GestureStore

extension RowWriter {
    /// Writes every row of SQL the project wrote (a built-in query, a
    /// relation's `SELECT *`), streaming. On SQLite the views it reads take
    /// their names from memory (``InMemoryNames``): the same rows, without a
    /// lookup per name per row. A user's SQL goes through
    /// ``write(sql:arguments:in:format:to:)`` as written, so that its errors
    /// quote what the user wrote. CSV from another engine takes its cells
    /// without a Swift value each (``CellSink``, `CSVCellWriter`).
    ///
    ///     try RowWriter.writeProjectSQL("SELECT * FROM \"responses\"", in: db, format: .csv, to: output)
    ///
    /// - Returns: the number of rows written.
    @discardableResult
    package static func writeProjectSQL(_ sql: String, arguments: StoreArguments = [], in reader: some StoreReader,
                                        format: OutputFormat, to output: TextOutput) throws -> Int {
        guard let db = reader as? Database else {
            guard format == .csv, !output.isTerminal else {
                return try write(sql: sql, arguments: arguments, in: reader, format: format, to: output)
            }
            return try writeCSVCells(projectSQL: sql, arguments: arguments, in: reader, to: output)
        }
        return try db.runningProjectSQL(sql) { resolved in
            try write(sql: resolved, arguments: arguments, in: reader, format: format, to: output)
        }
    }

    private static func writeCSVCells(projectSQL sql: String, arguments: StoreArguments, in reader: some StoreReader,
                                      to output: TextOutput) throws -> Int {
        let writer = CSVCellWriter(output: output)
        do {
            try reader.forEachRow(projectSQL: sql, arguments: arguments,
                                  columns: { try writer.begin(columns: $0) }, cells: writer)
        } catch is CSVWriteStopped {
            // The write's own error comes from finish().
        } catch {
            writer.abandon()
            throw error
        }
        let rows = try writer.finish()
        try output.flush()
        return rows
    }
}
