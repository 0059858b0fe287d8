import GRDB

/// Keeps `stored_dispatch_group` (migration 0009) in step with the
/// dispatches: the list of (experiment, variant, target, event, via) groups
/// that dispatch-by-channel scans so SQLite aggregates without sorting.
///
/// Runs inside the capture's import transaction, after its dispatches are
/// derived by either path, so the list never lacks a group whose rows are
/// stored. It reads only the capture's own dispatch keys, down the
/// `dispatch_by_channel` index: about 3 % of a pan capture's import
/// (0.05 s a million records).
enum DispatchGroups {
    /// The capture's (session, target, event, via) runs first, then their
    /// sessions' experiment and variant: 0.63 s against 0.84 s for one
    /// DISTINCT over all five on 12 M pan records (3.26 M dispatches).
    static let sql = """
        INSERT OR IGNORE INTO stored_dispatch_group (experiment, variant, target_id, event_id, via_id)
        SELECT DISTINCT session.experiment, session.variant, run.target_id, run.event_id, run.via_id
        FROM (SELECT DISTINCT dispatch.session_id, dispatch.target_id, dispatch.event_id, dispatch.via_id
              FROM session
              CROSS JOIN stored_dispatch AS dispatch ON dispatch.session_id = session.id
              WHERE session.capture_id = :capture) AS run
        CROSS JOIN session ON session.id = run.session_id
        """

    /// Adds the groups of the capture's dispatches that the store lacks.
    /// Returns the seconds it took.
    static func record(_ db: Database, captureID: Int64) throws -> Double {
        let started = ContinuousClock.now
        do {
            try db.execute(sql: sql, arguments: ["capture": captureID])
        } catch let error as DatabaseError {
            throw StoreError("recording dispatch groups failed: \(error.message ?? "\(error)")\n  SQL: \(sql)\n  arguments: capture \(captureID)")
        }
        return (ContinuousClock.now - started).seconds
    }
}
