/// The sessions in a store, one row each, for `gesturelab sessions`.
package enum SessionCatalog {
    /// One row per session, in import order: where it came from, what it
    /// tested, on what device, how much it recorded, how many deliveries
    /// belong to no touch (before any touch-down, or naming a missing touch),
    /// how many events its recorder dropped (summed `dropped` records), the
    /// app and build that recorded it, and its configuration as
    /// `key=value` pairs in key order: the keys `compare --by` and
    /// `--where` take.
    package static let sql = """
        SELECT capture.file_name AS capture,
               session.session,
               session.experiment,
               session.variant,
               session.device_model AS device,
               session.device_os AS os,
               session.screen_w,
               session.screen_h,
               (SELECT count(*) FROM touches WHERE touches.session_id = session.id) AS touches,
               (SELECT count(*) FROM transition WHERE transition.session_id = session.id) AS transitions,
               (SELECT count(*) FROM delivery WHERE delivery.session_id = session.id) AS deliveries,
               (SELECT count(*) FROM frame WHERE frame.session_id = session.id) AS frames,
               coalesce(session_orphans.orphan_deliveries, 0) AS orphan_deliveries,
               session.dropped,
               session.app_name AS app,
               session.app_version,
               session.app_build,
               (SELECT group_concat(keyed.key || '=' || keyed.value, '; ')
                FROM (SELECT key, value FROM session_config WHERE session_config.session_id = session.id
                      ORDER BY key) AS keyed) AS config
        FROM session
        JOIN capture ON capture.id = session.capture_id
        LEFT JOIN session_orphans ON session_orphans.session_id = session.id
        ORDER BY capture.id, session.line
        """
}
