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
            return try writeCSVCells(to: output) { columns, writer in
                try reader.forEachRow(projectSQL: sql, arguments: arguments, columns: columns, cells: writer)
            }
        }
        return try db.runningProjectSQL(sql) { resolved in
            try write(sql: resolved, arguments: arguments, in: reader, format: format, to: output)
        }
    }

    /// Writes every row of a relation as `export` does, CSV: as
    /// ``writeProjectSQL(_:arguments:in:format:to:)`` writes its
    /// ``StoreReader/exportSQL(relation:)``, with CSV from another engine
    /// read as that engine sends an export
    /// (``StoreReader/forEachExportRow(relation:columns:cells:)``).
    ///
    /// - Returns: the number of rows written.
    package static func writeExport(relation: String, in reader: some StoreReader, to output: TextOutput) throws -> Int {
        guard !(reader is Database), !output.isTerminal else {
            return try writeProjectSQL(reader.exportSQL(relation: relation), in: reader, format: .csv, to: output)
        }
        return try writeCSVCells(to: output) { columns, writer in
            try reader.forEachExportRow(relation: relation, columns: columns, cells: writer)
        }
    }

    /// Writes CSV from the cells `read` hands to its writer, after the
    /// column names it hands to its first argument.
    private static func writeCSVCells(to output: TextOutput,
                                      _ read: (([String]) throws -> Void, CSVCellWriter) throws -> Void) throws -> Int {
        let writer = CSVCellWriter(output: output)
        do {
            try read({ try writer.begin(columns: $0) }, writer)
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
