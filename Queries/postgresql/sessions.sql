-- PostgreSQL's SQL for `gesturelab sessions`, held to the rows of the
-- portable SQL (SessionCatalog in GestureStore) by the engine-equality
-- tests: the same columns, values and order, except that each session's
-- touches, transitions, deliveries and frames are read from
-- session_totals (server migration 0008), which push fills from the rows
-- it copied, instead of being counted on every run: PostgreSQL steps
-- through index entries several times slower than SQLite, and on a large
-- store counting them was most of the command (docs/postgresql.md).
--
-- Not a canned query: SessionCatalog's SQL, as the server runs it.
SELECT capture.file_name AS capture,
       session.session,
       session.experiment,
       session.variant,
       session.device_model AS device,
       session.device_os AS os,
       session.screen_w,
       session.screen_h,
       session_totals.touches,
       session_totals.transitions,
       session_totals.deliveries,
       session_totals.frames,
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
LEFT JOIN session_totals ON session_totals.session_id = session.id
ORDER BY capture.id, session.line
