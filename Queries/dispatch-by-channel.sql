-- name: dispatch-by-channel
-- description: Dispatch latency (a recognizer's state change to its delivery) per channel, target and event. The state is .began at once; how long until each channel delivers it?
-- param: experiment text = NULL  Only this experiment (default: all).
--
-- The rows of `SELECT … FROM dispatches GROUP BY experiment, variant,
-- target, event, via`, computed so that SQLite does not sort every
-- dispatch by those five text columns (most comparisons of that sort ran
-- through all five: a dispatch-heavy store's groups are few and large).
-- `channel` lists the groups, each with a number, from the distinct
-- (session, target, event, via) runs of the index dispatch_by_channel
-- (migration 0007, on name keys since 0008); each group's dispatches are
-- then read by index seeks, session by session, on integer keys, and
-- grouped by the number alone; names are spelled out once a group. Same
-- rows, same doubles: latency_ms is latency_ns / 1e6 as in the view.
-- PostgreSQL runs Queries/postgresql/dispatch-by-channel.sql, the plain
-- GROUP BY.
WITH channel AS MATERIALIZED (
    SELECT experiment, variant, target_id, event_id, via_id, target, event, via,
           dense_rank() OVER (ORDER BY experiment, variant, target, event, via) AS channel_id
    FROM (SELECT DISTINCT session.experiment, session.variant, run.target_id, run.event_id, run.via_id,
                 (SELECT text FROM name WHERE id = run.target_id) AS target,
                 (SELECT text FROM name WHERE id = run.event_id) AS event,
                 (SELECT text FROM name WHERE id = run.via_id) AS via
          FROM (SELECT DISTINCT session_id, target_id, event_id, via_id FROM stored_dispatch) AS run
          JOIN session ON session.id = run.session_id
          JOIN capture ON capture.id = session.capture_id
          WHERE (:experiment IS NULL OR session.experiment = :experiment))
)
-- CROSS JOIN keeps this loop order: group, its sessions, their dispatches.
SELECT channel.experiment,
       channel.variant,
       channel.target,
       channel.event,
       channel.via,
       count(*) AS n,
       percentile(dispatch.latency_ns / 1e6, 50) AS p50_ms,
       percentile(dispatch.latency_ns / 1e6, 90) AS p90_ms,
       percentile(dispatch.latency_ns / 1e6, 95) AS p95_ms,
       percentile(dispatch.latency_ns / 1e6, 99) AS p99_ms,
       max(dispatch.latency_ns / 1e6) AS max_ms
FROM channel
CROSS JOIN session ON session.experiment = channel.experiment AND session.variant = channel.variant
CROSS JOIN capture ON capture.id = session.capture_id
CROSS JOIN stored_dispatch AS dispatch ON dispatch.session_id = session.id AND dispatch.target_id = channel.target_id
                   AND dispatch.event_id = channel.event_id AND dispatch.via_id = channel.via_id
GROUP BY channel.channel_id
ORDER BY channel.experiment, channel.target, channel.event, channel.via, channel.variant;
