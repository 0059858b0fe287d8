-- name: session-summary
-- description: One row per session: variant, device, configuration, touches, responses with their p50 and p95, and records that belong to no touch. The overview to read before any comparison: is any session odd?
-- param: experiment text = NULL  Only this experiment (default: all).
SELECT capture.file_name AS capture,
       session.session,
       session.experiment,
       session.variant,
       session.device_model AS device,
       (SELECT group_concat(key || '=' || value, ' ')
        FROM (SELECT key, value FROM session_config WHERE session_id = session.id ORDER BY key) AS ordered) AS config,
       (SELECT count(*) FROM touches WHERE touches.session_id = session.id) AS touches,
       (SELECT count(*) FROM responses WHERE responses.session_id = session.id) AS responses,
       (SELECT median(latency_ms) FROM responses WHERE responses.session_id = session.id) AS response_p50_ms,
       (SELECT percentile(latency_ms, 95) FROM responses WHERE responses.session_id = session.id) AS response_p95_ms,
       coalesce(session_orphans.orphan_deliveries, 0) AS orphan_deliveries,
       coalesce(session_orphans.orphan_transitions, 0) AS orphan_transitions
FROM session
JOIN capture ON capture.id = session.capture_id
LEFT JOIN session_orphans ON session_orphans.session_id = session.id
WHERE (:experiment IS NULL OR session.experiment = :experiment)
ORDER BY capture.id, session.line;
