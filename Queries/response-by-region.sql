-- name: response-by-region
-- description: Response latency per screen region (edges within the 20-point margin against center), per variant. Is touchDown late only at the bottom edge, and does deferral remove it?
-- param: experiment text = NULL  Only this experiment (default: all).
-- param: event text = NULL  Only this delivered event, e.g. touchDown (default: all).
SELECT experiment,
       variant,
       coalesce(region, 'unknown') AS region,
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
GROUP BY experiment, variant, region, target, event, via
ORDER BY experiment, target, event, via, region, variant;
