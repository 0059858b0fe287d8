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
    /// The session's first group after the given one, in key order:
    /// ?1 the session, ?2–?4 the group's target, event and via keys.
    static let nextGroupSQL = """
        SELECT target_id, event_id, via_id FROM stored_dispatch
        WHERE session_id = ?1 AND (target_id, event_id, via_id) > (?2, ?3, ?4)
        ORDER BY target_id, event_id, via_id LIMIT 1
        """

    static let insertSQL = """
        INSERT OR IGNORE INTO stored_dispatch_group (experiment, variant, target_id, event_id, via_id)
        SELECT experiment, variant, ?2, ?3, ?4 FROM session WHERE id = ?1
        """

    /// Adds the groups of the capture's dispatches that the store lacks.
    /// Returns the seconds it took.
    ///
    /// Three statements a session, bound and stepped through SQLite's C API
    /// (``BoundStatement``): with GRDB's arguments they cost more than
    /// SQLite's own work, which weighs on a capture of many small sessions.
    static func record(_ db: Database, captureID: Int64) throws -> Double {
        let started = ContinuousClock.now
        do {
            let sessions = try StoreError.translatingSQLite {
                try Int64.fetchAll(db, sql: "SELECT id FROM session WHERE capture_id = ? ORDER BY id", arguments: [captureID])
            }
            let next = try StoreError.translatingSQLite { try BoundStatement(db, sql: nextGroupSQL) }
            let insert = try StoreError.translatingSQLite { try BoundStatement(db, sql: insertSQL) }
            for session in sessions {
                var group: (target: Int64, event: Int64, via: Int64) = (.min, .min, .min)
                while true {
                    bind(next, session: session, group: group)
                    let found = try next.row(db, arguments: "session \(session), after \(group)") { handle in
                        (sqlite3_column_int64(handle, 0), sqlite3_column_int64(handle, 1), sqlite3_column_int64(handle, 2))
                    }
                    guard let found else { break }
                    group = found
                    bind(insert, session: session, group: group)
                    try insert.execute(db, arguments: "session \(session), group \(group)")
                }
            }
        } catch let error as StoreError {
            throw StoreError("recording dispatch groups failed: \(error.message)")
        }
        return (ContinuousClock.now - started).seconds
    }

    private static func bind(_ statement: BoundStatement, session: Int64, group: (target: Int64, event: Int64, via: Int64)) {
        statement.bind(session, at: 1)
        statement.bind(group.target, at: 2)
        statement.bind(group.event, at: 3)
        statement.bind(group.via, at: 4)
    }
}
