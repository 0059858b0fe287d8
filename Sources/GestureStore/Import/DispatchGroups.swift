import GRDB
import GRDBSQLite

/// Keeps `stored_dispatch_group` (migration 0009) in step with the
/// dispatches: the list of (experiment, variant, target, event, via) groups
/// that dispatch-by-channel scans so SQLite aggregates without sorting.
///
/// Runs inside the capture's import transaction, after its dispatches are
/// derived by either path, so the list never lacks a group whose rows are
/// stored. `stored_dispatch` is keyed by (session, target, event, via, …)
/// (migration 0010), so each session's groups are found by seeking from
/// one group to the next down that key: one seek a group, never a read of
/// every dispatch (a pan session has about a dozen groups and thousands of
/// dispatches).
enum DispatchGroups {
    /// The session's first group after the given one, in key order.
    static let nextGroupSQL = """
        SELECT target_id, event_id, via_id FROM stored_dispatch
        WHERE session_id = :session AND (target_id, event_id, via_id) > (:target, :event, :via)
        ORDER BY target_id, event_id, via_id LIMIT 1
        """

    static let insertSQL = """
        INSERT OR IGNORE INTO stored_dispatch_group (experiment, variant, target_id, event_id, via_id)
        SELECT experiment, variant, :target, :event, :via FROM session WHERE id = :session
        """

    /// Adds the groups of the capture's dispatches that the store lacks.
    /// Returns the seconds it took.
    ///
    /// Three statements a session, bound and stepped through SQLite's C
    /// API: with GRDB's arguments (a dictionary a call) they cost more than
    /// SQLite's own work, which weighs on a capture of many small sessions
    /// (9 % of importing 100,000 sessions of four records).
    static func record(_ db: Database, captureID: Int64) throws -> Double {
        let started = ContinuousClock.now
        var sql = "SELECT id FROM session WHERE capture_id = ? ORDER BY id"
        var failedArguments: () -> String = { "[\(captureID)]" }
        do {
            let sessions = try Int64.fetchAll(db, sql: sql, arguments: [captureID])
            let next = try SteppedStatement(db, sql: nextGroupSQL)
            let insert = try SteppedStatement(db, sql: insertSQL)
            for session in sessions {
                var group: (target: Int64, event: Int64, via: Int64) = (.min, .min, .min)
                while true {
                    sql = nextGroupSQL
                    failedArguments = { "session \(session), after (\(group.target), \(group.event), \(group.via))" }
                    next.bind(session: session, target: group.target, event: group.event, via: group.via)
                    guard let found = try next.step(db) else { break }
                    group = found
                    sql = insertSQL
                    failedArguments = { "session \(session), group (\(group.target), \(group.event), \(group.via))" }
                    insert.bind(session: session, target: group.target, event: group.event, via: group.via)
                    _ = try insert.step(db)
                }
            }
        } catch let error as DatabaseError {
            throw StoreError("recording dispatch groups failed: \(error.message ?? "\(error)")\n  SQL: \(sql)\n  arguments: \(failedArguments())")
        }
        return (ContinuousClock.now - started).seconds
    }
}

/// A statement of the four integer parameters `:session`, `:target`,
/// `:event` and `:via`, bound and stepped through SQLite's C API, their
/// places looked up once.
private struct SteppedStatement {
    /// Kept, so that the handle stays valid.
    private let statement: Statement
    private let handle: OpaquePointer
    private let places: [Int32]

    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        let handle = statement.sqliteStatement
        self.handle = handle
        places = ["session", "target", "event", "via"].map { sqlite3_bind_parameter_index(handle, ":" + $0) }
    }

    func bind(session: Int64, target: Int64, event: Int64, via: Int64) {
        sqlite3_bind_int64(handle, places[0], session)
        sqlite3_bind_int64(handle, places[1], target)
        sqlite3_bind_int64(handle, places[2], event)
        sqlite3_bind_int64(handle, places[3], via)
    }

    /// Steps once and resets: the row's first three integers, or nil when
    /// there is no row.
    func step(_ db: Database) throws -> (Int64, Int64, Int64)? {
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return (sqlite3_column_int64(handle, 0), sqlite3_column_int64(handle, 1), sqlite3_column_int64(handle, 2))
        case SQLITE_DONE:
            return nil
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
