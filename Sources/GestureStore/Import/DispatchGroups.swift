import GRDB

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
    static func record(_ db: Database, captureID: Int64) throws -> Double {
        let started = ContinuousClock.now
        var sql = "SELECT id FROM session WHERE capture_id = :capture ORDER BY id"
        var arguments: StatementArguments = ["capture": captureID]
        do {
            let sessions = try Int64.fetchAll(db, sql: sql, arguments: arguments)
            let next = try db.cachedStatement(sql: nextGroupSQL)
            let insert = try db.cachedStatement(sql: insertSQL)
            for session in sessions {
                var group: (target: Int64, event: Int64, via: Int64) = (.min, .min, .min)
                while true {
                    sql = nextGroupSQL
                    arguments = ["session": session, "target": group.target, "event": group.event, "via": group.via]
                    guard let row = try Row.fetchOne(next, arguments: arguments) else { break }
                    group = (row[0], row[1], row[2])
                    sql = insertSQL
                    arguments = ["session": session, "target": group.target, "event": group.event, "via": group.via]
                    try insert.execute(arguments: arguments)
                }
            }
        } catch let error as DatabaseError {
            throw StoreError("recording dispatch groups failed: \(error.message ?? "\(error)")\n  SQL: \(sql)\n  arguments: \(arguments)")
        }
        return (ContinuousClock.now - started).seconds
    }
}
