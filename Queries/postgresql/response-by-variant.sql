-- PostgreSQL's variant of Queries/response-by-variant.sql, held to the same rows by
-- the engine-equality test: each percentile(Y, P) is PostgreSQL's built-in
-- ordered-set aggregate pg_catalog.percentile_cont(P / 100) WITHIN GROUP
-- (ORDER BY Y), which sorts each group once (O(n log n)) where the store's
-- two-argument percentile() copies its state on every row (O(n^2),
-- docs/postgresql.md). Same answers, bit for bit: both skip NULLs and
-- interpolate at P/100 * (n - 1) as v1 + (v2 - v1) * (position -
-- floor(position)); the values here are finite (latencies from integer
-- nanoseconds), where the two differ only for NaN and infinities.
--
-- PostgreSQL groups rows for an ordered-set aggregate by sorting them on
-- the group's keys (it never hashes such a group), and sorting every
-- response on five text keys was most of the query on a large store. So the
-- rows are grouped by hashing, each group keeping its latencies in an
-- array (array_agg grows its state in place), and only each group's
-- latencies are sorted, once for all four fractions (percentile_cont over
-- an array of fractions: the same arithmetic per fraction). The few groups
-- are then sorted for the output.
--
-- Only the SQL below is used on PostgreSQL: the query's name, description
-- and parameters are those of Queries/response-by-variant.sql.
SELECT grouped.experiment,
       grouped.variant,
       grouped.target,
       grouped.event,
       grouped.via,
       grouped.n,
       ranked.percentiles[1] AS p50_ms,
       ranked.percentiles[2] AS p90_ms,
       ranked.percentiles[3] AS p95_ms,
       ranked.percentiles[4] AS p99_ms,
       grouped.max_ms
FROM (SELECT experiment, variant, target, event, via,
             count(*) AS n,
             pg_catalog.array_agg(latency_ms) AS latencies,
             max(latency_ms) AS max_ms
      FROM responses
      WHERE (:experiment IS NULL OR experiment = :experiment)
        AND (:event IS NULL OR event = :event)
      GROUP BY experiment, variant, target, event, via) AS grouped
CROSS JOIN LATERAL (
    SELECT pg_catalog.percentile_cont(ARRAY[0.5, 0.9, 0.95, 0.99]::double precision[])
               WITHIN GROUP (ORDER BY latency) AS percentiles
    FROM unnest(grouped.latencies) AS latency) AS ranked
ORDER BY grouped.experiment, grouped.target, grouped.event, grouped.via, grouped.variant;
