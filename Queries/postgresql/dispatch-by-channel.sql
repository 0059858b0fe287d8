-- PostgreSQL's variant of Queries/dispatch-by-channel.sql, held to the same
-- rows by the engine-equality test: each percentile(Y, P) is PostgreSQL's
-- built-in ordered-set aggregate pg_catalog.percentile_cont(P / 100)
-- WITHIN GROUP (ORDER BY Y), which sorts each group once (O(n log n))
-- where the store's two-argument percentile() copies its state on every
-- row (O(n^2), docs/postgresql.md). Same answers, bit for bit: both skip
-- NULLs and interpolate at P/100 * (n - 1) as v1 + (v2 - v1) * (position -
-- floor(position)); the values here are finite (latencies from integer
-- nanoseconds), where the two differ only for NaN and infinities. The four
-- fractions come from one sort per group (percentile_cont over an array of
-- fractions: the same arithmetic per fraction).
--
-- Built as the SQLite variant is: PostgreSQL groups the rows of an
-- ordered-set aggregate by sorting them on the group's keys, and sorting
-- every dispatch on five names was most of the plain GROUP BY. Here each
-- session's (target, event, channel) combinations come from the index
-- dispatch_by_channel (server migration 0009), one seek past the previous
-- one each (`channel`, starting from '' in each session: the names are
-- never empty); they give the groups; each group's rows are then read
-- through that index, session by session. The seeks read the table that
-- keeps the dispatches, `stored_dispatch`, whose index it is; every seek
-- stays within a session the recursion took from `session`, so `--where`,
-- which puts a common table expression named `session` (and one named
-- `dispatches`) before the query, limits them as it limits the rest, and
-- leaves each inlined and the seeks as short.
--
-- Only the SQL below is used on PostgreSQL: the query's name, description
-- and parameters are those of Queries/dispatch-by-channel.sql.
WITH RECURSIVE channel AS (
    SELECT session.id AS session_id, session.experiment, session.variant,
           ''::text COLLATE "C" AS target, ''::text COLLATE "C" AS event, ''::text COLLATE "C" AS via
    FROM session
    WHERE (:experiment IS NULL OR session.experiment = :experiment)
    UNION ALL
    SELECT channel.session_id, channel.experiment, channel.variant, next.target, next.event, next.via
    FROM channel
    CROSS JOIN LATERAL (
        SELECT dispatch.target, dispatch.event, dispatch.via
        FROM stored_dispatch AS dispatch
        WHERE dispatch.session_id = channel.session_id
          AND (dispatch.target, dispatch.event, dispatch.via) > (channel.target, channel.event, channel.via)
        ORDER BY dispatch.target, dispatch.event, dispatch.via
        LIMIT 1) AS next
),
grouped AS (
    SELECT DISTINCT experiment, variant, target, event, via
    FROM channel
    WHERE target <> ''
)
SELECT grouped.experiment,
       grouped.variant,
       grouped.target,
       grouped.event,
       grouped.via,
       latencies.n,
       latencies.percentiles[1] AS p50_ms,
       latencies.percentiles[2] AS p90_ms,
       latencies.percentiles[3] AS p95_ms,
       latencies.percentiles[4] AS p99_ms,
       latencies.max_ms
FROM grouped
CROSS JOIN LATERAL (
    SELECT count(*) AS n,
           pg_catalog.percentile_cont(ARRAY[0.5, 0.9, 0.95, 0.99]::double precision[])
               WITHIN GROUP (ORDER BY dispatches.latency_ms) AS percentiles,
           max(dispatches.latency_ms) AS max_ms
    FROM dispatches
    WHERE dispatches.experiment = grouped.experiment AND dispatches.variant = grouped.variant
      AND dispatches.target = grouped.target AND dispatches.event = grouped.event
      AND dispatches.via = grouped.via) AS latencies
ORDER BY grouped.experiment, grouped.target, grouped.event, grouped.via, grouped.variant;
