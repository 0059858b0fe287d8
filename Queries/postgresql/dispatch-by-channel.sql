-- PostgreSQL's variant of Queries/dispatch-by-channel.sql, held to the same rows by
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
-- and parameters are those of Queries/dispatch-by-channel.sql.
SELECT experiment,
       variant,
       target,
       event,
       via,
       count(*) AS n,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50_ms,
       pg_catalog.percentile_cont(0.9) WITHIN GROUP (ORDER BY latency_ms) AS p90_ms,
       pg_catalog.percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95_ms,
       pg_catalog.percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99_ms,
       max(latency_ms) AS max_ms
FROM dispatches
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, target, event, via
ORDER BY experiment, target, event, via, variant;
