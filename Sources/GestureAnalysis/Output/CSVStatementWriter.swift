import Foundation
import GRDB
import GRDBSQLite

/// Streams a statement's rows as RFC 4180 CSV straight from SQLite's column
/// buffers: the export path, where a Swift value per cell would cost more
/// than SQLite's own work.
///
/// Writes the same text as `CSVField.encode` does cell by cell (tests compare
/// the two): integers in decimal, reals in shortest round-trip form, text
/// quoted only when it holds a comma, quote, CR or LF, NULL as an empty field.
enum CSVStatementWriter {
    static func write(_ statement: Statement, _ db: Database, to output: TextOutput) throws -> Int {
        let handle = statement.sqliteStatement
        let columnCount = Int32(statement.columnCount)
        try output.write(statement.columnNames.map(CSVField.encode).joined(separator: ",") + "\r\n")
        var rows = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                sqlite3_reset(handle)
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
            }
            for column in 0..<columnCount {
                if column > 0 { try output.write(byte: UInt8(ascii: ",")) }
                // One call into the statement per cell: each `sqlite3_column_*`
                // call checks the statement's state again, which cost a third
                // of a wide export. The value is "unprotected" only in that
                // it takes no mutex; GRDB reads a connection from one thread.
                let value = sqlite3_column_value(handle, column)
                switch sqlite3_value_type(value) {
                case SQLITE_INTEGER:
                    try output.write(decimal: sqlite3_value_int64(value))
                case SQLITE_FLOAT:
                    try writeReal(sqlite3_value_double(value), to: output)
                case SQLITE_TEXT:
                    let text = sqlite3_value_text(value)
                    let count = Int(sqlite3_value_bytes(value))
                    guard let text, count > 0 else {
                        try output.write("\"\"")
                        continue
                    }
                    try writeText(UnsafeRawBufferPointer(start: text, count: count), to: output)
                case SQLITE_BLOB:
                    let count = Int(sqlite3_value_bytes(value))
                    let data = sqlite3_value_blob(value).map { Data(bytes: $0, count: count) } ?? Data()
                    try output.write(CSVField.encode(data.base64EncodedString()))
                default:
                    break  // NULL: an empty field
                }
            }
            try output.write(byte: 0x0D)
            try output.write(byte: 0x0A)
            rows += 1
        }
        sqlite3_reset(handle)
        return rows
    }

    /// `NumberText.shortest`, without a String for whole numbers.
    private static func writeReal(_ value: Double, to output: TextOutput) throws {
        if let whole = NumberText.wholeNumber(value) {
            try output.write(decimal: whole)
        } else {
            try output.write(value.description)
        }
    }

    private static func writeText(_ bytes: UnsafeRawBufferPointer, to output: TextOutput) throws {
        guard bytes.contains(where: CSVField.needsQuoting) else {
            try output.write(bytes)
            return
        }
        try output.write(byte: UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { try output.write(byte: byte) }
            try output.write(byte: byte)
        }
        try output.write(byte: UInt8(ascii: "\""))
    }
}
