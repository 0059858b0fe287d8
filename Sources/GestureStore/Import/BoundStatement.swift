import GRDB
import GestureTrace
import GRDBSQLite

/// A prepared statement bound and stepped through SQLite's C API.
///
/// The import hot path runs one of these per record: binding directly skips
/// GRDB's argument boxing, which cost more than SQLite's own work per row,
/// with the same SQLite underneath. Errors still carry the SQL and the
/// bound values.
struct BoundStatement {
    let statement: Statement
    private let handle: OpaquePointer

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        handle = statement.sqliteStatement
    }

    func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    func bind(_ value: Int, at index: Int32) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    func bind(_ value: Double, at index: Int32) {
        sqlite3_bind_double(handle, index, value)
    }

    func bind(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// A batch's string, which SQLite reads in place: `BindContext` is only
    /// handed out while the batch's text is pinned.
    func bind(text range: TextRange, in context: BindContext, at index: Int32) {
        sqlite3_bind_text(handle, index, context.text + range.offset, Int32(range.count), nil)
    }

    func bind(text range: TextRange?, in context: BindContext, at index: Int32) {
        if let range { bind(text: range, in: context, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    /// A string SQLite copies, read up to its first NUL, as GRDB binds one.
    func bind(_ value: String?, at index: Int32) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_text(handle, index, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    /// A literal lives as long as the program: SQLite may keep the pointer.
    func bind(_ value: StaticString, at index: Int32) {
        _ = value.withUTF8Buffer { bytes in
            sqlite3_bind_text(handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                              Int32(bytes.count), nil)
        }
    }

    func bind(_ value: StaticString?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    /// Steps the bound statement once for a row and resets it: what `read`
    /// takes from the row, or nil when there is none.
    ///
    /// - Parameter arguments: describes the bound values, built only when
    ///   the statement fails.
    func row<Value>(_ db: Database, arguments: @autoclosure () -> String, _ read: (OpaquePointer) -> Value) throws -> Value? {
        let code = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        switch code {
        case SQLITE_ROW: return read(handle)
        case SQLITE_DONE: return nil
        default: throw failure(code, db, arguments: arguments())
        }
    }

    /// Runs the bound statement once and resets it for the next row.
    ///
    /// - Parameter arguments: describes the bound values, built only when
    ///   the statement fails.
    func execute(_ db: Database, arguments: @autoclosure () -> String) throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else { throw failure(code, db, arguments: arguments()) }
    }

    private func failure(_ code: Int32, _ db: Database, arguments: String) -> StoreError {
        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
        let file = sqlite3_db_filename(db.sqliteConnection, "main").map { String(cString: $0) } ?? "the database"
        if let storage = StoreError.storageFailure(ResultCode(rawValue: code), file: file, message: message) {
            return storage
        }
        // The arguments are capture text: escaped, so they stay on their line.
        return StoreError("SQLite error \(code): \(message)\n  SQL: \(statement.sql)\n  arguments: \(TerminalText.escaped(arguments))")
    }
}
