import GRDB

/// Where a statement's cells go one at a time, as SQLite's storage classes,
/// without a Swift value each: the export path, where building a
/// `DatabaseValue` and a `String` per cell costs more than the engine's work.
///
/// A sink is handed the cells of a row in column order, then `endRow()`.
/// Text and blob bytes are valid only during the call.
///
///     try reader.forEachRow(sql: "SELECT * FROM responses", arguments: [],
///                           columns: { names in … }, cells: csvWriter)
package protocol CellSink: AnyObject {
    func integer(_ value: Int64)
    func real(_ value: Double)
    /// UTF-8 bytes.
    func text(_ bytes: UnsafeRawBufferPointer)
    func blob(_ bytes: UnsafeRawBufferPointer)
    func null()
    /// After the row's last cell; throws to stop the statement.
    func endRow() throws
}

extension CellSink {
    /// Hands over one value as the cell it is.
    package func append(_ value: DatabaseValue) {
        switch value.storage {
        case .null: null()
        case .int64(let whole): integer(whole)
        case .double(let fraction): real(fraction)
        case .string(let string):
            var string = string
            string.withUTF8 { text(UnsafeRawBufferPointer($0)) }
        case .blob(let data): data.withUnsafeBytes { blob($0) }
        }
    }
}
