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
        var digits = [UInt8](repeating: 0, count: 24)
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
                switch sqlite3_column_type(handle, column) {
                case SQLITE_INTEGER:
                    try writeInteger(sqlite3_column_int64(handle, column), &digits, to: output)
                case SQLITE_FLOAT:
                    let value = sqlite3_column_double(handle, column)
                    if value == value.rounded(), abs(value) < 1e15 {
                        try writeInteger(Int64(value), &digits, to: output)
                    } else {
                        try output.write("\(value)")
                    }
                case SQLITE_TEXT:
                    let count = Int(sqlite3_column_bytes(handle, column))
                    guard let text = sqlite3_column_text(handle, column), count > 0 else {
                        try output.write("\"\"")
                        continue
                    }
                    try writeText(UnsafeRawBufferPointer(start: text, count: count), to: output)
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(handle, column))
                    let data = sqlite3_column_blob(handle, column).map { Data(bytes: $0, count: count) } ?? Data()
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

    private static func writeInteger(_ value: Int64, _ digits: inout [UInt8], to output: TextOutput) throws {
        var magnitude = value.magnitude
        var index = digits.count
        repeat {
            index -= 1
            digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 {
            index -= 1
            digits[index] = UInt8(ascii: "-")
        }
        try digits.withUnsafeBytes { try output.write(UnsafeRawBufferPointer(rebasing: $0[index...])) }
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
