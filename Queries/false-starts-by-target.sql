-- name: false-starts-by-target
-- description: False starts per variant and target beside the start's latency: (touch, target) pairs with a start (touchesBegan, touchDown, or a recognizer's began), how many were false starts (cancelled before any end: a highlight that flickers), the rate, the start's time after touch-down at p50 and p95, and the median time from start to cancel. The trade-off in one table: does a touch delay that removes false starts cost its 150 ms on every start?
-- param: experiment text = NULL  Only this experiment (default: all).
SELECT experiment,
       variant,
       target,
       count(*) AS starts,
       count(*) FILTER (WHERE false_start = 1) AS false_starts,
       CAST(count(*) FILTER (WHERE false_start = 1) AS DOUBLE PRECISION) / count(*) AS false_start_rate,
       percentile(start_ms, 50) AS start_p50_ms,
       percentile(start_ms, 95) AS start_p95_ms,
       percentile(cancelled_after_ms, 50) AS cancelled_after_p50_ms
FROM starts
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, target
ORDER BY experiment, target, variant;
