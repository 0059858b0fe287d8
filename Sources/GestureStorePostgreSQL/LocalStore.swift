import GestureStore
import GRDB
import GRDBSQLite

/// The SQLite store `push` reads: the statements of one read transaction of
/// an opened ``GestureDatabase``, stepped through SQLite's C API so rows go
/// from statement columns straight into COPY buffers.
///
/// One read transaction spans the push: captures imported meanwhile wait
/// for the next push. The store's connection is GRDB's; this only borrows
/// its handle for the length of that transaction.
struct LocalStore {
    struct Capture {
        var id: Int64
        var fileName: String
        var sha256: String
        var sessionIDs: [Int64]
    }

    let path: String
    private let handle: OpaquePointer

    /// Reads `store` in one read transaction, handing `body` the store for its length.
    static func reading<T>(_ store: GestureDatabase, _ body: (LocalStore) throws -> T) throws -> T {
        do {
            return try store.connection.read { db in
                guard let handle = db.sqliteConnection else { throw StoreError("cannot read \(store.path): it is closed") }
                return try body(LocalStore(path: store.path, handle: handle))
            }
        } catch let error as DatabaseError {
            // Beginning or ending the transaction: the only GRDB calls here.
            throw StoreError("cannot read \(store.path): \(error.message ?? "\(error)")")
        }
    }

    /// The complete captures (those with a digest), in import order.
    func captures() throws -> [Capture] {
        var captures: [Capture] = []
        let statement = try prepare("SELECT id, file_name, sha256 FROM capture WHERE sha256 IS NOT NULL AND id > ? ORDER BY id",
                                    captureID: 0)
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW {
            captures.append(Capture(id: sqlite3_column_int64(statement, 0),
                                    fileName: String(cString: sqlite3_column_text(statement, 1)),
                                    sha256: String(cString: sqlite3_column_text(statement, 2)),
                                    sessionIDs: []))
        }
        for index in captures.indices {
            let sessions = try prepare("SELECT id FROM session WHERE capture_id = ? ORDER BY id", captureID: captures[index].id)
            defer { sqlite3_finalize(sessions) }
            while sqlite3_step(sessions) == SQLITE_ROW { captures[index].sessionIDs.append(sqlite3_column_int64(sessions, 0)) }
        }
        return captures
    }

    /// A statement with its one parameter bound to `captureID`.
    func prepare(_ sql: String, captureID: Int64) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StoreError("cannot read \(path): \(String(cString: sqlite3_errmsg(handle)))")
        }
        sqlite3_bind_int64(statement, 1, captureID)
        return statement
    }

    static func failure(_ statement: OpaquePointer, doing: String) -> StoreError {
        StoreError("cannot \(doing): \(String(cString: sqlite3_errmsg(sqlite3_db_handle(statement))))")
    }
}
