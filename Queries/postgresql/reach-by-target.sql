-- PostgreSQL's variant of Queries/reach-by-target.sql, held to the same rows by
-- the engine-equality test: each percentile(Y, P) is PostgreSQL's built-in
-- ordered-set aggregate pg_catalog.percentile_cont(P / 100) WITHIN GROUP
-- (ORDER BY Y), which sorts each group once (O(n log n)) where the store's
-- two-argument percentile() copies its state on every row (O(n^2),
-- docs/postgresql.md). Same answers, bit for bit: both skip NULLs (the
-- missed distance's CASE is NULL for the touches that reached the target)
-- and interpolate at P/100 * (n - 1) as v1 + (v2 - v1) * (position -
-- floor(position)); a group without values is NULL on both. The values
-- here are finite (distances in points from a touch-down to a frame),
-- where the two differ only for NaN and infinities.
--
-- Only the SQL below is used on PostgreSQL: the query's name, description
-- and parameters are those of Queries/reach-by-target.sql.
SELECT experiment,
       variant,
       target,
       count(*) AS n,
       count(*) FILTER (WHERE reached = 1) AS reached,
       CAST(count(*) FILTER (WHERE reached = 1) AS DOUBLE PRECISION) / count(*) AS reach_rate,
       count(*) FILTER (WHERE inside_frame = 1) AS inside_frame,
       count(*) FILTER (WHERE inside_hit_area = 1) AS inside_hit_area,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY distance_pt) AS distance_p50_pt,
       pg_catalog.percentile_cont(0.9) WITHIN GROUP (ORDER BY distance_pt) AS distance_p90_pt,
       max(distance_pt) AS distance_max_pt,
       pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY CASE WHEN reached = 0 THEN distance_pt END) AS missed_distance_p50_pt
FROM outcomes
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, target
ORDER BY experiment, target, variant;
