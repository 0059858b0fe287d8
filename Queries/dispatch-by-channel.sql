-- name: dispatch-by-channel
-- description: Dispatch latency (a recognizer's state change to its delivery) per channel, target and event. The state is .began at once; how long until each channel delivers it?
-- param: experiment text = NULL  Only this experiment (default: all).
SELECT experiment,
       variant,
       target,
       event,
       via,
       count(*) AS n,
       percentile(latency_ms, 50) AS p50_ms,
       percentile(latency_ms, 90) AS p90_ms,
       percentile(latency_ms, 95) AS p95_ms,
       percentile(latency_ms, 99) AS p99_ms,
       max(latency_ms) AS max_ms
FROM dispatches
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, target, event, via
ORDER BY experiment, target, event, via, variant;
