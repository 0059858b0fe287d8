#if PostgreSQL
import GRDBSQLite
import NIOCore

/// Rows of a SQLite statement as PostgreSQL's `COPY … FROM STDIN` text
/// format: tab-separated, `\N` for NULL, backslash escapes in text, doubles
/// in the shortest form that reads back as the same double.
///
///     var buffer = ByteBuffer()
///     CopyText.appendRow(statement, columns: 1..<4, replacingFirstWith: 42, to: &buffer)
enum CopyText {
    /// Appends the current row of `statement`: `prefix` values first (the
    /// server's ids), then the statement's columns `columns`.
    static func appendRow(_ statement: OpaquePointer, prefix: [Int64], columns: Range<Int32>, to buffer: inout ByteBuffer) {
        var first = true
        for value in prefix {
            if !first { buffer.writeInteger(UInt8(ascii: "\t")) }
            first = false
            buffer.writeString(String(value))
        }
        for column in columns {
            if !first { buffer.writeInteger(UInt8(ascii: "\t")) }
            first = false
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL:
                buffer.writeStaticString("\\N")
            case SQLITE_INTEGER:
                buffer.writeString(String(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT:
                appendDouble(sqlite3_column_double(statement, column), to: &buffer)
            default:
                let count = Int(sqlite3_column_bytes(statement, column))
                if let text = sqlite3_column_text(statement, column) {
                    appendText(UnsafeBufferPointer(start: text, count: count), to: &buffer)
                }
            }
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
    }

    static func appendDouble(_ value: Double, to buffer: inout ByteBuffer) {
        if value.isNaN {
            buffer.writeStaticString("NaN")
        } else if value.isInfinite {
            buffer.writeStaticString(value < 0 ? "-Infinity" : "Infinity")
        } else {
            // Swift prints the shortest digits that read back as the same double.
            buffer.writeString(value.description)
        }
    }

    /// UTF-8 text with the characters the text format gives meaning escaped.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() {
            let escape: StaticString
            switch byte {
            case UInt8(ascii: "\\"): escape = "\\\\"
            case UInt8(ascii: "\t"): escape = "\\t"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            default: continue
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<index]))
            buffer.writeStaticString(escape)
            runStart = index + 1
        }
        buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart...]))
    }
}
#endif
