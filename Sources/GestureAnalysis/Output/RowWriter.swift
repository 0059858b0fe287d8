import Foundation
import GRDB
import GestureStore
import GestureTrace

/// Writes rows of SQL values in one of the output formats.
///
/// CSV, JSON and NDJSON stream: each row is written as it comes, so exports
/// hold constant memory. A table must know its column widths first, so it
/// keeps the (formatted) rows until `finish()`.
///
///     var writer = RowWriter(format: .csv, columns: ["touch", "latency_ms"], output: .standardOutput())
///     try writer.write([1.databaseValue, 12.5.databaseValue])
///     try writer.finish()
package struct RowWriter {
    package let format: OutputFormat
    package let columns: [String]
    private let output: TextOutput
    private var rowCount = 0
    private var tableRows: [[String]] = []
    private var numericColumns: [Bool]
    /// The columns' names as JSON keys, each once (``jsonKeys(for:)``).
    private let keys: [String]

    package init(format: OutputFormat, columns: [String], output: TextOutput) {
        self.format = format
        self.columns = columns
        self.output = output
        keys = format == .json || format == .ndjson
            ? Self.jsonKeys(for: columns).map { JSONText.string($0, forTerminal: output.isTerminal) } : []
        numericColumns = Array(repeating: false, count: columns.count)
    }

    package var rowsWritten: Int { rowCount }

    package mutating func write(_ values: [DatabaseValue]) throws {
        if rowCount == 0 { try begin() }
        rowCount += 1
        switch format {
        case .csv:
            try output.write(values.map { CSVField.encode($0, forTerminal: output.isTerminal) }.joined(separator: ",") + "\r\n")
        case .json:
            try output.write((rowCount == 1 ? "\n" : ",\n") + jsonObject(values))
        case .ndjson:
            try output.write(jsonObject(values) + "\n")
        case .table:
            for (index, value) in values.enumerated() {
                switch value.storage {
                case .int64, .double: numericColumns[index] = true
                default: break
                }
            }
            tableRows.append(values.enumerated().map { TableCell.text(for: $1, column: columns[$0]) })
        }
    }

    /// Writes what a format needs after the last row, and flushes.
    package mutating func finish() throws {
        if rowCount == 0 { try begin() }
        switch format {
        case .json: try output.write(rowCount == 0 ? "]\n" : "\n]\n")
        case .table: try writeTable()
        case .csv, .ndjson: break
        }
        try output.flush()
    }

    private func begin() throws {
        switch format {
        case .csv: try output.write(columns.map { CSVField.encode($0, forTerminal: output.isTerminal) }.joined(separator: ",") + "\r\n")
        case .json: try output.write("[")
        case .table, .ndjson: break
        }
    }

    private func jsonObject(_ values: [DatabaseValue]) -> String {
        var text = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += keys[index] + ":" + JSONText.value(value, forTerminal: output.isTerminal)
        }
        return text + "}"
    }

    private func writeTable() throws {
        var table = TextTable(alignments: numericColumns.map { $0 ? .right : .left }, separator: "  ")
        table.append(columns.map(TerminalText.escaped))
        table.appendRule()
        for row in tableRows { table.append(row) }
        try output.write(table.text)
        if tableRows.isEmpty { try output.write("(no rows)\n") }
    }
}

extension RowWriter {
    /// Runs `sql` on any engine and writes every row it returns, streaming.
    ///
    /// CSV from a SQLite store takes the direct path from statement columns
    /// to text (`CSVStatementWriter`); other engines and formats, and CSV to
    /// a terminal (its text escaped), go row by row.
    ///
    /// - Returns: the number of rows written.
    /// - Throws: ``StoreError`` from the store, `OutputError` from the output.
    @discardableResult
    package static func write(sql: String, arguments: StoreArguments = [], in reader: some StoreReader,
                             format: OutputFormat, to output: TextOutput) throws -> Int {
        if format == .csv, !output.isTerminal, let db = reader as? Database {
            // Past the seam for speed, so its errors are translated here as the seam does.
            let rows = try StoreError.translatingSQLite {
                let statement = try db.makeStatement(sql: sql)
                try statement.setArguments(arguments.statementArguments)
                return try CSVStatementWriter.write(statement, db, to: output)
            }
            try output.flush()
            return rows
        }
        var writer: RowWriter?
        try reader.forEachRow(sql: sql, arguments: arguments,
                              columns: { writer = RowWriter(format: format, columns: $0, output: output) },
                              row: { try writer!.write($0) })
        guard var writer else { return 0 }
        try writer.finish()
        return writer.rowsWritten
    }
}
