-- PostgreSQL's variant of Queries/false-starts-by-target.sql, held to the same rows by
-- the engine-equality test: each percentile(Y, P) is PostgreSQL's built-in
-- ordered-set aggregate pg_catalog.percentile_cont(P / 100) WITHIN GROUP
-- (ORDER BY Y), which sorts each group once (O(n log n)) where the store's
-- two-argument percentile() copies its state on every row (O(n^2),
-- docs/postgresql.md). Same answers, bit for bit: both skip NULLs (the
-- time to cancel is NULL for the starts never cancelled) and interpolate
-- at P/100 * (n - 1) as v1 + (v2 - v1) * (position - floor(position)); a
-- group without values is NULL on both. The values here are finite
-- (latencies from integer nanoseconds), where the two differ only for NaN
-- and infinities.
--
-- Only the SQL below is used on PostgreSQL: the query's name, description
-- and parameters are those of Queries/false-starts-by-target.sql.
SELECT experiment,
       variant,
       target,
       count(*) AS starts,
       count(*) FILTER (WHERE false_start = 1) AS false_starts,
       CAST(count(*) FILTER (WHERE false_start = 1) AS DOUBLE PRECISION) / count(*) AS false_start_rate,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY start_ms) AS start_p50_ms,
       pg_catalog.percentile_cont(0.95) WITHIN GROUP (ORDER BY start_ms) AS start_p95_ms,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY cancelled_after_ms) AS cancelled_after_p50_ms
FROM starts
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, target
ORDER BY experiment, target, variant;
