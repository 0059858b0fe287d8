-- PostgreSQL's variant of Queries/slowest-touches.sql, held to the same rows
-- by the engine-equality test: PostgreSQL refuses a negative LIMIT, which
-- SQLite reads as no limit; NULL is PostgreSQL's no limit.
--
-- name: slowest-touches
-- description: The slowest responses with their context: capture line, variant, where the finger landed and what heard it. Seeds 000-002: what do the worst touches have in common?
-- param: limit integer = 20  How many rows.
-- param: experiment text = NULL  Only this experiment (default: all).
-- param: event text = NULL  Only this delivered event (default: all).
SELECT responses.capture,
       responses.line,
       responses.session,
       responses.experiment,
       responses.variant,
       responses.touch,
       responses.region,
       touches.x,
       touches.y,
       responses.target,
       responses.event,
       responses.via,
       responses.latency_ms
FROM responses
JOIN touches ON touches.session_id = responses.session_id AND touches.touch = responses.touch
WHERE (:experiment IS NULL OR responses.experiment = :experiment)
  AND (:event IS NULL OR responses.event = :event)
ORDER BY responses.latency_ns DESC, responses.capture_id, responses.line
LIMIT CASE WHEN :limit < 0 THEN NULL ELSE :limit END;
