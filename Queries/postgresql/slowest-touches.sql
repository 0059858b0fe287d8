-- PostgreSQL's variant of Queries/slowest-touches.sql, held to the same rows
-- by the engine-equality test: PostgreSQL refuses a negative LIMIT, which
-- SQLite reads as no limit; NULL is PostgreSQL's no limit.
--
-- Only the SQL below is used on PostgreSQL: the query's name, description
-- and parameters are those of Queries/slowest-touches.sql.
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
