#if PostgreSQL
import GestureStore
import GRDB
import NIOCore
import PostgresNIO

/// The fields of a record in PostgreSQL's binary form, handed to a
/// ``CellSink`` as ``PostgresCell/databaseValue`` would give each field.
///
/// The form (`record_send`): the field count, then each field's type OID,
/// its length (-1 for NULL) and its bytes. Integers, floats and text are
/// read from the bytes; a field of another type becomes a ``PostgresCell``
/// of that type, so it is converted as a column of it would be.
enum RecordFields {
    static func append(_ cell: PostgresCell, columns: [String], to sink: some CellSink) throws {
        guard let buffer = cell.bytes, cell.format == .binary, cell.dataType == .record else {
            throw StoreError("the server sent a row gesturelab cannot read: \(cell.dataType) in place of a record")
        }
        // Read in place: a ByteBuffer slice a field would cost a retain and a
        // release each, more than the field's own work.
        try buffer.withUnsafeReadableBytes { bytes in
            var reader = BigEndianReader(bytes)
            guard let count = reader.int32(), count == columns.count else {
                throw StoreError("the server sent a record gesturelab cannot read: not \(columns.count) fields")
            }
            for index in 0..<columns.count {
                guard let type = reader.int32(), let length = reader.int32() else {
                    throw StoreError("the server sent a record cut short at field \(index + 1) of \(count)")
                }
                guard length >= 0 else {
                    sink.null()
                    continue
                }
                guard let field = reader.bytes(Int(length)) else {
                    throw StoreError("the server sent a record cut short at field \(index + 1) of \(count)")
                }
                appendField(field, type: PostgresDataType(UInt32(bitPattern: type)), column: columns[index],
                            at: index, to: sink)
            }
        }
    }

    /// Hands over one field's binary bytes: integers, floats and text read
    /// from them, any other type converted as a column of it would be.
    @inline(__always)
    static func appendField(_ field: UnsafeRawBufferPointer, type: PostgresDataType,
                            column: @autoclosure () -> String, at index: Int, to sink: some CellSink) {
        if !appendReadable(field, type: type, to: sink) {
            // The column's name only here, off the path of every field.
            let cell = PostgresCell(bytes: ByteBuffer(bytes: field), dataType: type, format: .binary,
                                    columnName: column(), columnIndex: index)
            sink.append(cell.databaseValue)
        }
    }

    /// Hands over a field of the types read from their bytes; false for
    /// any other type.
    @inline(__always)
    private static func appendReadable(_ field: UnsafeRawBufferPointer, type: PostgresDataType,
                                       to sink: some CellSink) -> Bool {
        switch type {
        case .int8 where field.count == 8:
            sink.integer(Int64(bigEndian: field.loadUnaligned(as: Int64.self)))
        case .int4 where field.count == 4:
            sink.integer(Int64(Int32(bigEndian: field.loadUnaligned(as: Int32.self))))
        case .float8 where field.count == 8:
            sink.real(Double(bitPattern: UInt64(bigEndian: field.loadUnaligned(as: UInt64.self))))
        case .text, .varchar, .name, .bpchar:
            // Their binary form is the UTF-8 text itself, checked by the server.
            sink.text(field)
        default:
            return false
        }
        return true
    }
}

/// Reads big-endian integers and byte runs from a buffer, front to back.
struct BigEndianReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func int32() -> Int32? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return Int32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }
}
#endif
