import Foundation
import GRDBSQLite

/// Rows of a statement copied out of SQLite's column buffers, to be written
/// as CSV on another thread while SQLite steps on.
///
/// A cell is its SQLite type code and one 64-bit word: an integer's or a
/// real's bits, or the byte count of a text or blob whose bytes follow the
/// previous ones in `bytes`. Raw memory, not arrays: the copy runs on
/// SQLite's thread, where an array's uniqueness and capacity checks per
/// cell cost as much as writing the CSV did. A batch belongs to one thread at
/// a time (`CSVStatementWriter` hands it over under a lock) and is reused.
final class CSVCellBatch: @unchecked Sendable {
    static let rowLimit = 1_024
    /// A batch of long texts is handed over before its bytes grow further.
    static let byteLimit = 1 << 18

    let columnCount: Int
    private(set) var rowCount = 0
    private var cellCount = 0
    private let kinds: UnsafeMutablePointer<Int32>
    private let words: UnsafeMutablePointer<UInt64>
    private var bytes: UnsafeMutableRawPointer
    private var byteCount = 0
    private var byteCapacity = byteLimit

    init(columnCount: Int) {
        self.columnCount = columnCount
        kinds = .allocate(capacity: Self.rowLimit * columnCount)
        words = .allocate(capacity: Self.rowLimit * columnCount)
        bytes = .allocate(byteCount: byteCapacity, alignment: 16)
    }

    deinit {
        kinds.deallocate()
        words.deallocate()
        bytes.deallocate()
    }

    var isFull: Bool { rowCount == Self.rowLimit || byteCount >= Self.byteLimit }

    func removeAll() {
        rowCount = 0
        cellCount = 0
        byteCount = 0
    }

    /// Copies the statement's current row.
    ///
    /// One `sqlite3_column_value` per cell: each `sqlite3_column_*` call
    /// checks the statement's state again, which cost a third of a wide
    /// export. The value is "unprotected" only in that reading it takes no
    /// mutex, and GRDB uses a connection from one thread at a time.
    func appendRow(of statement: OpaquePointer) {
        for column in 0..<Int32(columnCount) {
            let value = sqlite3_column_value(statement, column)
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER: appendInteger(sqlite3_value_int64(value))
            case SQLITE_FLOAT: appendReal(sqlite3_value_double(value))
            case SQLITE_TEXT:
                // The text before its length: asking for it may convert the value.
                let text = sqlite3_value_text(value)
                appendBytes(text.map(UnsafeRawPointer.init), count: Int(sqlite3_value_bytes(value)), kind: SQLITE_TEXT)
            case SQLITE_BLOB:
                let blob = sqlite3_value_blob(value)
                appendBytes(blob, count: Int(sqlite3_value_bytes(value)), kind: SQLITE_BLOB)
            default:
                appendNull()
            }
        }
        endRow()
    }

    // One cell at a time, for rows that do not come from a SQLite statement
    // (`CSVCellWriter`); `endRow()` after each row's last.

    @inline(__always)
    func appendInteger(_ value: Int64) {
        kinds[cellCount] = SQLITE_INTEGER
        words[cellCount] = UInt64(bitPattern: value)
        cellCount += 1
    }

    @inline(__always)
    func appendReal(_ value: Double) {
        kinds[cellCount] = SQLITE_FLOAT
        words[cellCount] = value.bitPattern
        cellCount += 1
    }

    func appendText(_ bytes: UnsafeRawBufferPointer) {
        appendBytes(bytes.baseAddress, count: bytes.count, kind: SQLITE_TEXT)
    }

    func appendBlob(_ bytes: UnsafeRawBufferPointer) {
        appendBytes(bytes.baseAddress, count: bytes.count, kind: SQLITE_BLOB)
    }

    @inline(__always)
    func appendNull() {
        kinds[cellCount] = SQLITE_NULL
        words[cellCount] = 0
        cellCount += 1
    }

    @inline(__always)
    func endRow() { rowCount += 1 }

    private func appendBytes(_ start: UnsafeRawPointer?, count: Int, kind: Int32) {
        kinds[cellCount] = kind
        defer { cellCount += 1 }
        guard let start, count > 0 else {
            words[cellCount] = 0
            return
        }
        if byteCount + count > byteCapacity {
            byteCapacity = max(byteCapacity * 2, byteCount + count)
            let grown = UnsafeMutableRawPointer.allocate(byteCount: byteCapacity, alignment: 16)
            grown.copyMemory(from: bytes, byteCount: byteCount)
            bytes.deallocate()
            bytes = grown
        }
        (bytes + byteCount).copyMemory(from: start, byteCount: count)
        byteCount += count
        words[cellCount] = UInt64(count)
    }

    /// Writes the rows as CSV lines: integers in decimal, reals in shortest
    /// round-trip form, text quoted only when it holds a comma, quote, CR or
    /// LF, the empty text as `""`, NULL as an empty field, blobs in base64.
    func write(to output: TextOutput) throws {
        var byteOffset = 0
        var cell = 0
        for _ in 0..<rowCount {
            for column in 0..<columnCount {
                if column > 0 { try output.write(byte: UInt8(ascii: ",")) }
                let word = words[cell]
                switch kinds[cell] {
                case SQLITE_INTEGER:
                    try output.write(decimal: Int64(bitPattern: word))
                case SQLITE_FLOAT:
                    let real = Double(bitPattern: word)
                    if let whole = NumberText.wholeNumber(real) {
                        try output.write(decimal: whole)
                    } else {
                        try output.write(real.description)
                    }
                case SQLITE_TEXT:
                    let count = Int(word)
                    try Self.writeText(UnsafeRawBufferPointer(start: bytes + byteOffset, count: count), to: output)
                    byteOffset += count
                case SQLITE_BLOB:
                    let count = Int(word)
                    let data = Data(bytes: bytes + byteOffset, count: count)
                    try output.write(CSVField.encode(data.base64EncodedString()))
                    byteOffset += count
                default:
                    break  // NULL: an empty field
                }
                cell += 1
            }
            try output.write(byte: 0x0D)
            try output.write(byte: 0x0A)
        }
    }

    private static func writeText(_ text: UnsafeRawBufferPointer, to output: TextOutput) throws {
        guard !text.isEmpty else {
            try output.write("\"\"")
            return
        }
        guard text.contains(where: CSVField.needsQuoting) else {
            try output.write(text)
            return
        }
        try output.write(byte: UInt8(ascii: "\""))
        for byte in text {
            if byte == UInt8(ascii: "\"") { try output.write(byte: byte) }
            try output.write(byte: byte)
        }
        try output.write(byte: UInt8(ascii: "\""))
    }
}
