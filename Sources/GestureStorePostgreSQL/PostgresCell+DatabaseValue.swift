#if PostgreSQL
import Foundation
import GRDB
import PostgresNIO

extension PostgresCell {
    /// The cell as the value SQLite would give for it: integers of any width
    /// as INTEGER, floats as REAL (bit for bit), booleans as 0 or 1, numeric
    /// as INTEGER when whole and within 64 bits else REAL, bytea as BLOB,
    /// anything else as its text.
    var databaseValue: DatabaseValue {
        guard var buffer = bytes else { return .null }
        if format == .binary {
            switch dataType {
            case .int2: if let value = buffer.readInteger(as: Int16.self) { return Int64(value).databaseValue }
            case .int4: if let value = buffer.readInteger(as: Int32.self) { return Int64(value).databaseValue }
            case .int8: if let value = buffer.readInteger(as: Int64.self) { return value.databaseValue }
            case .oid: if let value = buffer.readInteger(as: UInt32.self) { return Int64(value).databaseValue }
            case .float4:
                if let bits = buffer.readInteger(as: UInt32.self) { return Double(Float(bitPattern: bits)).databaseValue }
            case .float8:
                if let bits = buffer.readInteger(as: UInt64.self) { return Double(bitPattern: bits).databaseValue }
            case .bool: if let byte = buffer.readInteger(as: UInt8.self) { return Int64(byte).databaseValue }
            case .bytea: return Data(buffer.readableBytesView).databaseValue
            case .numeric:
                if let decimal = try? decode(Decimal.self) { return Self.value(ofNumeric: "\(decimal)") }
            default: break
            }
        }
        if let text = try? decode(String.self) { return text.databaseValue }
        return String(decoding: buffer.readableBytesView, as: UTF8.self).databaseValue
    }

    /// A numeric's exact decimal text as an integer when it is one, else the nearest double.
    static func value(ofNumeric text: String) -> DatabaseValue {
        if let integer = Int64(text) { return integer.databaseValue }
        return (Double(text) ?? .nan).databaseValue
    }
}
#endif
