#if PostgreSQL
import GestureStore
import GRDB
import NIOCore
import PostgresNIO

/// Rows sent as one array a column (`array_agg` of each column over the
/// same rows), handed to a ``CellSink`` a row at a time, each field as
/// ``RecordFields`` hands over a record's.
///
/// A row of column arrays is one message for many rows; PostgreSQL sends an
/// `int8[]` or `float8[]` faster than the same rows as records, and the
/// client reads each element in place. A column with one value in every
/// row (the session's name beside each of its rows) comes once, as a plain
/// cell. The arrays' form (`array_send`): the dimension count, a flag, the
/// element type, the length and lower bound of the one dimension, then each
/// element's length (-1 for NULL) and bytes.
enum ColumnArrays {
    /// A column of the rows: its name, and whether its cell is an array of
    /// a value a row (else one value for every row).
    struct Column {
        var name: String
        var isArray: Bool
    }

    /// Hands over the rows of `row`, whose cells are `columns` in order; its
    /// arrays all of one length.
    static func appendRows(of row: PostgresRow, columns: [Column], to sink: some CellSink) throws {
        let cells = Array(row)
        guard cells.count == columns.count else {
            throw StoreError("the server sent \(cells.count) columns of rows where gesturelab asked for \(columns.count)")
        }
        try withReadableBytes(of: cells.map { $0.bytes ?? ByteBuffer() }) { buffers in
            // Per column: an array's reader and element type, or the one
            // value (nil for NULL) and its type.
            var readers: [BigEndianReader] = []
            var types: [PostgresDataType] = []
            var constants: [UnsafeRawBufferPointer?] = []
            var count: Int32?
            let isArray = columns.map(\.isArray)
            for (index, cell) in cells.enumerated() {
                guard columns[index].isArray else {
                    readers.append(BigEndianReader(UnsafeRawBufferPointer(start: nil, count: 0)))
                    types.append(cell.dataType)
                    constants.append(cell.bytes == nil ? nil : buffers[index])
                    continue
                }
                var reader = BigEndianReader(buffers[index])
                guard cell.bytes != nil, reader.int32() == 1, reader.int32() != nil,
                      let type = reader.int32(), let length = reader.int32(), reader.int32() != nil,
                      count == nil || count == length else {
                    throw StoreError("the server sent column \(columns[index].name) in a form gesturelab cannot read")
                }
                count = length
                readers.append(reader)
                types.append(PostgresDataType(UInt32(bitPattern: type)))
                constants.append(nil)
            }
            for _ in 0..<Int(count ?? 0) {
                for index in readers.indices {
                    var field = constants[index]
                    if isArray[index] {
                        guard let length = readers[index].int32() else {
                            throw StoreError("the server sent column \(columns[index].name) cut short")
                        }
                        if length >= 0 {
                            guard let bytes = readers[index].bytes(Int(length)) else {
                                throw StoreError("the server sent column \(columns[index].name) cut short")
                            }
                            field = bytes
                        }
                    }
                    guard let field else {
                        sink.null()
                        continue
                    }
                    RecordFields.appendField(field, type: types[index], column: columns[index].name, at: index,
                                             to: sink)
                }
                try sink.endRow()
            }
        }
    }

    /// Calls `body` with the readable bytes of every buffer at once.
    private static func withReadableBytes<T>(of buffers: [ByteBuffer],
                                             _ body: ([UnsafeRawBufferPointer]) throws -> T) throws -> T {
        var held: [UnsafeRawBufferPointer] = []
        held.reserveCapacity(buffers.count)
        func hold(from index: Int) throws -> T {
            guard index < buffers.count else { return try body(held) }
            return try buffers[index].withUnsafeReadableBytes { bytes in
                held.append(bytes)
                return try hold(from: index + 1)
            }
        }
        return try hold(from: 0)
    }
}
#endif
