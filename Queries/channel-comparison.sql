-- name: channel-comparison
-- description: The same state change heard on two channels, per recognizer: for touches where both delivered it, each channel's p50 and the per-touch lag of the second behind the first. How much later does target-action deliver .began than a KVO observer?
-- param: first text = observer  The channel expected to hear first.
-- param: second text = target-action  The channel compared against it.
-- param: experiment text = NULL  Only this experiment (default: all).
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
       median(first_ms) AS first_p50_ms,
       median(second_ms) AS second_p50_ms,
       median(lag_ms) AS lag_p50_ms,
       percentile(lag_ms, 95) AS lag_p95_ms,
       max(lag_ms) AS lag_max_ms
FROM pairs
GROUP BY experiment, variant, target, event
ORDER BY experiment, target, event, variant;
