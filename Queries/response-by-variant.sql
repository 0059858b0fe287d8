-- name: response-by-variant
-- description: Response latency (touch-down to the app hearing of it) per variant, target, event and channel: n, p50, p90, p95, p99, max. Which variant hears touches late?
-- param: experiment text = NULL  Only this experiment (default: all).
-- param: event text = NULL  Only this delivered event, e.g. touchDown (default: all).
--
-- Grouped by the stored keys (schema 0008), then each group's names
-- spelled out once: the same rows as grouping the `responses` view by its
-- texts, without a name lookup per response or a sort on text. latency_ms
-- is latency_ns / 1e6 as in the view.
WITH grouped AS (
    SELECT session.experiment, session.variant, response.target_id, response.event_id, response.via_id,
           count(*) AS n,
           percentile(response.latency_ns / 1e6, 50) AS p50_ms,
           percentile(response.latency_ns / 1e6, 90) AS p90_ms,
           percentile(response.latency_ns / 1e6, 95) AS p95_ms,
           percentile(response.latency_ns / 1e6, 99) AS p99_ms,
           max(response.latency_ns / 1e6) AS max_ms
    FROM stored_response AS response
    JOIN session ON session.id = response.session_id
    JOIN capture ON capture.id = session.capture_id
    WHERE (:experiment IS NULL OR session.experiment = :experiment)
      AND (:event IS NULL OR response.event_id IN (SELECT id FROM name WHERE text = :event))
    GROUP BY session.experiment, session.variant, response.target_id, response.event_id, response.via_id
)
SELECT experiment,
       variant,
       (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event,
       (SELECT text FROM name WHERE id = via_id) AS via,
       n, p50_ms, p90_ms, p95_ms, p99_ms, max_ms
FROM grouped
ORDER BY experiment, target, event, via, variant;
