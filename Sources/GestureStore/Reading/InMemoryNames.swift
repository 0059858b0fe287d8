import Foundation
import GRDB
import GRDBSQLite

/// The store's `name` table held in memory and offered to SQL as a function,
/// `gesturelab_name_text(id)`, that answers what
/// `(SELECT text FROM name WHERE id = id)` answers.
///
/// The views read every stored name through such a subquery: a B-tree seek
/// for each name of each row, four or five a row of `responses`, which made
/// reading the view far slower than reading its table. The function
/// answers from an array and hands SQLite the text without a copy.
///
/// It is registered on one connection for the length of one body, and
/// ``Database/resolvingNamesInMemory(_:)`` writes the SQL that calls it:
///
/// ```swift
/// try InMemoryNames.during(db) {
///     let sql = try db.resolvingNamesInMemory("SELECT * FROM responses") ?? "SELECT * FROM responses"
///     let statement = try db.makeStatement(sql: sql)
///     // step it
/// }
/// ```
///
/// Memory grows with the distinct names of the store, not with its rows.
package final class InMemoryNames {
    package static let functionName = "gesturelab_name_text"

    /// Every name's UTF-8 bytes, each followed by a NUL: SQLite then uses
    /// the text where it lies, where a text without one is copied to add it
    /// when read.
    private let storage: UnsafeMutableRawPointer
    /// For an id below its count, the id's text: where it starts in
    /// `storage`, or -1 where no name has the id.
    private let dense: [Entry]
    /// Ids too far apart to index an array by (a store edited by hand).
    private let sparse: [Int64: Entry]

    private struct Entry {
        static let absent = Entry(start: -1, length: 0)
        var start: Int
        /// What `sqlite3_result_text` is told: -1, to find the NUL that ends
        /// the text, or the exact length of a name that holds a NUL itself.
        var length: Int32
    }

    private init(bytes: [UInt8], dense: [Entry], sparse: [Int64: Entry]) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { if let base = $0.baseAddress { storage.copyMemory(from: base, byteCount: $0.count) } }
        self.storage = storage
        self.dense = dense
        self.sparse = sparse
    }

    deinit { storage.deallocate() }

    /// Registers `gesturelab_name_text` on `db` with the store's names, runs
    /// `body`, and removes the function again.
    ///
    /// The names and what `body` reads come from one snapshot of the store:
    /// outside a transaction, this opens one, so that an import committing
    /// in between cannot add rows whose names were not read.
    /// A store without a `name` table runs `body` with nothing registered.
    package static func during<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard db.isInsideTransaction else {
            // Deferred: a reader takes no write lock, so it never holds up an import.
            var result: T?
            try db.inTransaction(.deferred) {
                result = try during(db, body)
                return .commit
            }
            return result!
        }
        guard let connection = db.sqliteConnection else { return try body() }
        // Inside another body on this connection: its function serves, and
        // only the outermost removes it.
        guard Registrations.shared.insert(connection) else { return try body() }
        defer { Registrations.shared.remove(connection) }
        guard try db.tableExists("name") else { return try body() }
        let names = try InMemoryNames.read(from: db)
        let retained = Unmanaged.passRetained(names)
        let code = sqlite3_create_function_v2(
            connection, functionName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, retained.toOpaque(),
            nameText, nil, nil, { userData in
                guard let userData else { return }
                Unmanaged<InMemoryNames>.fromOpaque(userData).release()
            })
        guard code == SQLITE_OK else {
            // SQLite has called the destructor, which released `names`.
            throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                message: "cannot register \(functionName)(): \(String(cString: sqlite3_errstr(code)))")
        }
        defer {
            // Registering nothing under the name removes the function and releases `names`.
            sqlite3_create_function_v2(connection, functionName, 1, SQLITE_UTF8, nil, nil, nil, nil, nil)
        }
        return try body()
    }

    private static func read(from db: Database) throws -> InMemoryNames {
        var bytes: [UInt8] = []
        var entries: [(id: Int64, entry: Entry)] = []
        var largestId: Int64 = -1
        // Read from SQLite's buffers: a Swift String would end at a NUL in the name.
        let statement = try db.makeStatement(sql: "SELECT id, CAST(text AS BLOB) FROM name")
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil {
            let id = sqlite3_column_int64(statement.sqliteStatement, 0)
            let count = Int(sqlite3_column_bytes(statement.sqliteStatement, 1))
            let text = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement.sqliteStatement, 1), count: count)
            let holdsNUL = text.contains(0)
            entries.append((id, Entry(start: bytes.count, length: holdsNUL ? Int32(count) : -1)))
            bytes.append(contentsOf: text)
            bytes.append(0)
            largestId = max(largestId, id)
        }
        var dense: [Entry] = []
        var sparse: [Int64: Entry] = [:]
        // The interner numbers names from 1 without gaps; a table indexed by
        // id is then no larger than the entries themselves.
        let denseLimit = largestId < Int64(entries.count) * 4 + 65_536 ? largestId + 1 : 0
        if denseLimit > 0 { dense = Array(repeating: .absent, count: Int(denseLimit)) }
        for (id, entry) in entries {
            if id >= 0, id < denseLimit {
                dense[Int(id)] = entry
            } else {
                sparse[id] = entry
            }
        }
        return InMemoryNames(bytes: bytes, dense: dense, sparse: sparse)
    }

    /// The text of name `id` as `sqlite3_result_text` takes it: its first
    /// byte and length, or nil when no name has the id.
    fileprivate func text(id: Int64) -> (UnsafePointer<CChar>, Int32)? {
        let entry = id >= 0 && id < dense.count ? dense[Int(id)] : sparse[id] ?? .absent
        guard entry.start >= 0 else { return nil }
        return (UnsafePointer(storage.advanced(by: entry.start).assumingMemoryBound(to: CChar.self)), entry.length)
    }
}

/// The connections whose function is registered: a body that runs another
/// (a comparison inside the report) must not remove it from the outer one.
private final class Registrations: @unchecked Sendable {
    static let shared = Registrations()
    private let lock = NSLock()
    private var connections: Set<OpaquePointer> = []

    /// Whether `connection` was not registered before.
    func insert(_ connection: OpaquePointer) -> Bool {
        lock.withLock { connections.insert(connection).inserted }
    }

    func remove(_ connection: OpaquePointer) {
        _ = lock.withLock { connections.remove(connection) }
    }
}

/// `gesturelab_name_text(id)`: the name's text, or NULL for NULL or an id no
/// name has. `name.id` is an INTEGER PRIMARY KEY, so `id = value` gives the
/// value numeric affinity: an integer matches, and so do a real equal to one
/// and a text that reads as one; a blob never does. (The views pass STRICT
/// INTEGER columns: integers or NULL.)
private let nameText: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, _, arguments in
    guard let context, let value = arguments?[0] else { return }
    let names = Unmanaged<InMemoryNames>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
    let id: Int64
    // For a text, this applies numeric affinity as the comparison would.
    switch sqlite3_value_type(value) == SQLITE_TEXT ? sqlite3_value_numeric_type(value) : sqlite3_value_type(value) {
    case SQLITE_INTEGER:
        id = sqlite3_value_int64(value)
    case SQLITE_FLOAT:
        guard let whole = Int64(exactly: sqlite3_value_double(value)) else { return sqlite3_result_null(context) }
        id = whole
    default:
        return sqlite3_result_null(context)
    }
    guard let (start, count) = names.text(id: id) else { return sqlite3_result_null(context) }
    // The bytes live as long as the function, which outlives every statement that calls it.
    sqlite3_result_text(context, start, count, unsafeBitCast(0, to: sqlite3_destructor_type.self))
}
