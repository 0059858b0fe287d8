-- PostgreSQL's variant of Queries/session-summary.sql, held to the same rows by
-- the engine-equality test: each percentile(Y, P) and median(Y) is
-- PostgreSQL's built-in ordered-set aggregate
-- pg_catalog.percentile_cont(P / 100) WITHIN GROUP (ORDER BY Y), which sorts
-- each group once (O(n log n)) where the store's two-argument percentile()
-- copies its state on every row (O(n^2), docs/postgresql.md). Same answers,
-- bit for bit: both skip NULLs and interpolate at P/100 * (n - 1) as
-- v1 + (v2 - v1) * (position - floor(position)); the values here are
-- finite (latencies from integer nanoseconds), where the two differ only
-- for NaN and infinities. Both percentiles come from one sort per session
-- (percentile_cont over an array of fractions, the same arithmetic per
-- fraction), beside the count of responses, and the latency is divided as
-- doubles, as SQLite does and the views do (the literal 1e6 alone is a
-- numeric in PostgreSQL, whose division is several times slower).
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
       (SELECT count(*) FROM touches WHERE touches.session_id = session.id) AS touches,
       latencies.responses,
       latencies.percentiles[1] AS response_p50_ms,
       latencies.percentiles[2] AS response_p95_ms,
       coalesce(session_orphans.orphan_deliveries, 0) AS orphan_deliveries,
       coalesce(session_orphans.orphan_transitions, 0) AS orphan_transitions
FROM session
JOIN capture ON capture.id = session.capture_id
LEFT JOIN session_orphans ON session_orphans.session_id = session.id
CROSS JOIN LATERAL (
    SELECT count(*) AS responses,
           pg_catalog.percentile_cont(ARRAY[0.5, 0.95]::double precision[])
               WITHIN GROUP (ORDER BY latency_ns::double precision / 1e6::double precision) AS percentiles
    FROM responses WHERE responses.session_id = session.id) AS latencies
WHERE (:experiment IS NULL OR session.experiment = :experiment)
ORDER BY capture.id, session.line;
