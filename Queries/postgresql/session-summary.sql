-- PostgreSQL's variant of Queries/session-summary.sql, held to the same rows by
-- the engine-equality test: each percentile(Y, P) and median(Y) is
-- PostgreSQL's built-in ordered-set aggregate
-- pg_catalog.percentile_cont(P / 100) WITHIN GROUP (ORDER BY Y), which sorts
-- each group once (O(n log n)) where the store's two-argument percentile()
-- copies its state on every row (O(n^2), docs/postgresql.md). Same answers,
-- bit for bit: both skip NULLs and interpolate at P/100 * (n - 1) as
-- v1 + (v2 - v1) * (position - floor(position)); the values here are
-- finite (latencies from integer nanoseconds), where the two differ only
-- for NaN and infinities.
--
-- Only the SQL below is used on PostgreSQL: the query's name, description
-- and parameters are those of Queries/session-summary.sql.
SELECT capture.file_name AS capture,
       session.session,
       session.experiment,
       session.variant,
       session.device_model AS device,
       (SELECT group_concat(key || '=' || value, ' ')
        FROM (SELECT key, value FROM session_config WHERE session_id = session.id ORDER BY key) AS ordered) AS config,
       (SELECT count(*) FROM touch WHERE touch.session_id = session.id) AS touches,
       (SELECT count(*) FROM response WHERE response.session_id = session.id) AS responses,
       (SELECT pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ns / 1e6) FROM response WHERE response.session_id = session.id) AS response_p50_ms,
       (SELECT pg_catalog.percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ns / 1e6) FROM response WHERE response.session_id = session.id) AS response_p95_ms,
       coalesce(session_orphans.orphan_deliveries, 0) AS orphan_deliveries,
       coalesce(session_orphans.orphan_transitions, 0) AS orphan_transitions
FROM session
JOIN capture ON capture.id = session.capture_id
LEFT JOIN session_orphans ON session_orphans.session_id = session.id
WHERE (:experiment IS NULL OR session.experiment = :experiment)
ORDER BY capture.id, session.line;
