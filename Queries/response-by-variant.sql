-- name: response-by-variant
-- description: Response latency (touch-down to the app hearing of it) per variant, target, event and channel: n, p50, p90, p95, p99, max. Which variant hears touches late?
-- param: experiment text = NULL  Only this experiment (default: all).
-- param: event text = NULL  Only this delivered event, e.g. touchDown (default: all).
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
FROM responses
WHERE (:experiment IS NULL OR experiment = :experiment)
  AND (:event IS NULL OR event = :event)
GROUP BY experiment, variant, target, event, via
ORDER BY experiment, target, event, via, variant;
