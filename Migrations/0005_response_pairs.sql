-- 0005_response_pairs: the same state change heard on two channels, written
-- once. One row per touch, (target, event) and ordered pair of channels that
-- both delivered it: each channel's response latency and the lag of the
-- second behind the first (second_ms − first_ms). The channel-comparison
-- query and compare's paired analysis of a `via` split both read it.

CREATE VIEW response_pairs AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       first.touch, first.region, first.target, first.event,
       first.via AS first_via, second.via AS second_via,
       first.latency_ns / 1e6 AS first_ms, second.latency_ns / 1e6 AS second_ms,
       second.latency_ns / 1e6 - first.latency_ns / 1e6 AS lag_ms,
       capture.id AS capture_id, first.session_id
FROM response AS first
JOIN response AS second
  ON second.session_id = first.session_id AND second.touch = first.touch
 AND second.target = first.target AND second.event = first.event AND second.via <> first.via
JOIN session ON session.id = first.session_id
JOIN capture ON capture.id = session.capture_id;
