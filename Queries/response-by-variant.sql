-- name: response-by-variant
-- description: Response latency (touch-down to the app hearing of it) per variant, target, event and channel: n, p50, p90, p95, p99, max. Which variant hears touches late?
-- param: experiment text = NULL  Only this experiment (default: all).
-- param: event text = NULL  Only this delivered event, e.g. touchDown (default: all).
--
-- Grouped by integer keys only: each session's variant as a number
-- (`session_variant`, one row a session, numbered in (experiment, variant)
-- order) and the name keys of schema 0008; each group's names are spelled
-- out once. SQLite groups by sorting, and sorting on the session's
-- experiment and variant texts, equal on most neighbouring rows, was most
-- of the query on a large store (the figures are in BENCHMARKS.md's
-- history).
-- Same rows, same doubles: latency_ms is latency_ns / 1e6 as in the
-- `responses` view. The loop reads each session's responses by a seek on
-- their primary key.
--
-- The sort itself compares one integer a row: the group's name keys as
-- the digits of one number in base `names` (one more than the largest
-- name id), the variant's number above them, while every such number stays
-- under 4.0e18 (below 2^62), else the same keys as text (`key_size.packs`
-- decides once). SQLite's sorter compares a leading integer without
-- decoding the rest of the row: on 12 M simulated records that halved the
-- sort (BENCHMARKS.md, 2026-11-24).
WITH session_variant AS MATERIALIZED (
    SELECT session.id AS session_id, session.experiment, session.variant,
           dense_rank() OVER (ORDER BY session.experiment, session.variant) AS variant_key
    FROM session
    JOIN capture ON capture.id = session.capture_id
    WHERE (:experiment IS NULL OR session.experiment = :experiment)
),
key_size AS MATERIALIZED (
    SELECT names, CAST(variants AS REAL) * names * names * names < 4.0e18 AS packs
    FROM (SELECT (SELECT coalesce(max(id), 0) + 1 FROM name) AS names,
                 (SELECT coalesce(max(variant_key), 0) + 1 FROM session_variant) AS variants)
),
grouped AS (
    SELECT variant.variant_key, response.target_id, response.event_id, response.via_id,
           count(*) AS n,
           percentile(response.latency_ns / 1e6, 50) AS p50_ms,
           percentile(response.latency_ns / 1e6, 90) AS p90_ms,
           percentile(response.latency_ns / 1e6, 95) AS p95_ms,
           percentile(response.latency_ns / 1e6, 99) AS p99_ms,
           max(response.latency_ns / 1e6) AS max_ms
    FROM key_size
    CROSS JOIN session_variant AS variant
    CROSS JOIN stored_response AS response ON response.session_id = variant.session_id
    WHERE (:event IS NULL OR response.event_id IN (SELECT id FROM name WHERE text = :event))
    GROUP BY CASE WHEN key_size.packs
                  THEN ((variant.variant_key * key_size.names + response.target_id) * key_size.names
                        + response.event_id) * key_size.names + response.via_id
                  ELSE variant.variant_key || ' ' || response.target_id || ' ' || response.event_id || ' '
                       || response.via_id END
)
SELECT (SELECT experiment FROM session_variant WHERE variant_key = grouped.variant_key LIMIT 1) AS experiment,
       (SELECT variant FROM session_variant WHERE variant_key = grouped.variant_key LIMIT 1) AS variant,
       (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event,
       (SELECT text FROM name WHERE id = via_id) AS via,
       n, p50_ms, p90_ms, p95_ms, p99_ms, max_ms
FROM grouped
ORDER BY experiment, target, event, via, variant;
