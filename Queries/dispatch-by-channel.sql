-- name: dispatch-by-channel
-- description: Dispatch latency (a recognizer's state change to its delivery) per channel, target and event. The state is .began at once; how long until each channel delivers it?
-- param: experiment text = NULL  Only this experiment (default: all).
--
-- The rows of `SELECT … FROM dispatches GROUP BY experiment, variant,
-- target, event, via`, computed so that SQLite neither scans nor sorts
-- every dispatch (a dispatch-heavy store's groups are few and large).
-- `stored_dispatch_group` (migration 0009, kept by every import) lists the
-- groups, one row each; the loop takes them in rowid order, then their sessions,
-- then each session's dispatches of the group by a seek down
-- stored_dispatch's key, (session, target, event, via, latency, …) since
-- migration 0010 (an index of those columns before), and groups
-- by the group's rowid, which SQLite sees arrive in order: no sorter. Names
-- are spelled out once a group. Same rows, same doubles: latency_ms is
-- latency_ns / 1e6 as in the view. A group whose dispatches are gone has
-- no rows, so no row. PostgreSQL runs
-- Queries/postgresql/dispatch-by-channel.sql, the plain GROUP BY.
--
-- CROSS JOIN keeps this loop order: group, its sessions, their dispatches.
SELECT channel.experiment,
       channel.variant,
       (SELECT text FROM name WHERE id = channel.target_id) AS target,
       (SELECT text FROM name WHERE id = channel.event_id) AS event,
       (SELECT text FROM name WHERE id = channel.via_id) AS via,
       count(*) AS n,
       percentile(dispatch.latency_ns / 1e6, 50) AS p50_ms,
       percentile(dispatch.latency_ns / 1e6, 90) AS p90_ms,
       percentile(dispatch.latency_ns / 1e6, 95) AS p95_ms,
       percentile(dispatch.latency_ns / 1e6, 99) AS p99_ms,
       max(dispatch.latency_ns / 1e6) AS max_ms
FROM stored_dispatch_group AS channel
CROSS JOIN session ON session.experiment = channel.experiment AND session.variant = channel.variant
CROSS JOIN capture ON capture.id = session.capture_id
CROSS JOIN stored_dispatch AS dispatch ON dispatch.session_id = session.id AND dispatch.target_id = channel.target_id
                   AND dispatch.event_id = channel.event_id AND dispatch.via_id = channel.via_id
WHERE (:experiment IS NULL OR channel.experiment = :experiment)
GROUP BY channel.id
ORDER BY channel.experiment, target, event, via, channel.variant;
