-- name: channel-comparison
-- description: The same state change heard on two channels, per recognizer: for touches where both delivered it, each channel's p50 and the per-touch lag of the second behind the first. How much later does target-action deliver .began than a KVO observer?
-- param: first text = observer  The channel expected to hear first.
-- param: second text = target-action  The channel compared against it.
-- param: experiment text = NULL  Only this experiment (default: all).
--
-- The rows of `response_pairs WHERE first_via = :first AND second_via =
-- :second` grouped by experiment, variant, target and event, read from the
-- stored keys: the two channels' names become their keys once, each
-- response heard on the first channel seeks its partner on the second by
-- stored_response's primary key, and groups are formed on integer keys
-- with names spelled out once a group. The view looked up five names for
-- every pair of channels before testing either, which made the view
-- most of the query on a large pan store.
-- Same rows, same doubles: each latency is latency_ns / 1e6 and the lag
-- their difference, as in the view; a name is one key (`name.text` is
-- unique), so grouping by keys groups as by names. PostgreSQL runs
-- Queries/postgresql/channel-comparison.sql, over the view.
WITH channel AS MATERIALIZED (
    SELECT (SELECT id FROM name WHERE text = :first) AS first_id,
           (SELECT id FROM name WHERE text = :second) AS second_id
),
pairs AS (
    SELECT session.experiment, session.variant, first.target_id, first.event_id,
           first.latency_ns / 1e6 AS first_ms, second.latency_ns / 1e6 AS second_ms,
           second.latency_ns / 1e6 - first.latency_ns / 1e6 AS lag_ms
    FROM channel
    CROSS JOIN stored_response AS first ON first.via_id = channel.first_id
    JOIN stored_response AS second
      ON second.session_id = first.session_id AND second.touch = first.touch
     AND second.target_id = first.target_id AND second.event_id = first.event_id
     AND second.via_id = channel.second_id AND second.via_id <> first.via_id
    JOIN session ON session.id = first.session_id
    JOIN capture ON capture.id = session.capture_id
    WHERE (:experiment IS NULL OR session.experiment = :experiment)
)
SELECT experiment,
       variant,
       (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event,
       count(*) AS n,
       median(first_ms) AS first_p50_ms,
       median(second_ms) AS second_p50_ms,
       median(lag_ms) AS lag_p50_ms,
       percentile(lag_ms, 95) AS lag_p95_ms,
       max(lag_ms) AS lag_max_ms
FROM pairs
GROUP BY experiment, variant, target_id, event_id
ORDER BY experiment, target, event, variant;
