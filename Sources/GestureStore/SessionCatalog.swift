/// The sessions in a store, one row each, for `gesturelab sessions`.
package enum SessionCatalog {
    /// One row per session, in import order: where it came from, what it
    /// tested, on what device, how much it recorded, how many deliveries
    /// belong to no touch (before any touch-down, or naming a missing touch),
    /// and how many events its recorder dropped (summed `dropped` records).
    package static let sql = """
        SELECT capture.file_name AS capture,
               session.session,
               session.experiment,
               session.variant,
               session.device_model AS device,
               session.device_os AS os,
               session.screen_w,
               session.screen_h,
               (SELECT count(*) FROM touch WHERE touch.session_id = session.id) AS touches,
               (SELECT count(*) FROM transition WHERE transition.session_id = session.id) AS transitions,
               (SELECT count(*) FROM delivery WHERE delivery.session_id = session.id) AS deliveries,
               (SELECT count(*) FROM frame WHERE frame.session_id = session.id) AS frames,
               coalesce(session_orphans.orphan_deliveries, 0) AS orphan_deliveries,
               session.dropped
        FROM session
        JOIN capture ON capture.id = session.capture_id
        LEFT JOIN session_orphans ON session_orphans.session_id = session.id
        ORDER BY capture.id, session.line
        """
}
