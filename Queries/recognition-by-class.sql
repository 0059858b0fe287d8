-- name: recognition-by-class
-- description: Recognition latency (touch-down to the recognizer's first began or recognized) per recognizer class and variant. Which recognizers wait before they begin (movement thresholds, touch delays)?
-- param: experiment text = NULL  Only this experiment (default: all).
SELECT experiment,
       variant,
       coalesce(class, recognizer) AS class,
       event AS state,
       count(*) AS n,
       percentile(latency_ms, 50) AS p50_ms,
       percentile(latency_ms, 90) AS p90_ms,
       percentile(latency_ms, 95) AS p95_ms,
       percentile(latency_ms, 99) AS p99_ms,
       max(latency_ms) AS max_ms
FROM recognitions
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, coalesce(class, recognizer), event
ORDER BY experiment, class, state, variant;
