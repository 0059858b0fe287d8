-- PostgreSQL's variant of Queries/channel-comparison.sql, held to the same rows by
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
-- and parameters are those of Queries/channel-comparison.sql.
WITH pairs AS (
    SELECT experiment, variant, target, event, region, first_ms, second_ms, lag_ms
    FROM response_pairs
    WHERE first_via = :first AND second_via = :second
      AND (:experiment IS NULL OR experiment = :experiment)
)
SELECT experiment,
       variant,
       target,
       event,
       count(*) AS n,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY first_ms) AS first_p50_ms,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY second_ms) AS second_p50_ms,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms) AS lag_p50_ms,
       pg_catalog.percentile_cont(0.95) WITHIN GROUP (ORDER BY lag_ms) AS lag_p95_ms,
       max(lag_ms) AS lag_max_ms
FROM pairs
GROUP BY experiment, variant, target, event
ORDER BY experiment, target, event, variant;
