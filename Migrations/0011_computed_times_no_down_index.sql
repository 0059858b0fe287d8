-- 0011_computed_times_no_down_index: a derived row no longer stores a time
-- it can compute from two others (its view computes it), and touches are no
-- longer indexed by their down time.
--
-- `stored_response` and `stored_recognition` held the touch's down time
-- beside the record's time and their difference (the latency), and
-- `stored_dispatch` held the transition's time beside the delivery's time
-- and their difference: one column in three a pure function of the other
-- two, in every row. The stored one dropped is the time (down_ns,
-- transition_ns), not the latency: the latency is what the canned queries,
-- `compare`, the report and dispatch-by-channel's key filter, group, order
-- and aggregate on, so every query plan stays as it was, and a time since
-- the recorder's epoch is a six-byte integer in SQLite's record format
-- where a latency is mostly three or four. The store of a million simulated
-- records was 1.02 times the size of `sqlite3 .import` of the same records;
-- the columns were 1.3 MB of its 40.4 (BENCHMARKS.md, 2026-11-24).
--
-- The views keep their columns, names and order: `down_ns` reads
-- `t_ns - latency_ns`, `transition_ns` reads `t_ns - latency_ns`, the same
-- integers the import stored (it wrote latency_ns as t_ns - down_ns, and
-- t_ns - transition_ns). The views over the tables are dropped first
-- (SQLite refuses to drop a column a view reads) and made again as they
-- read afterwards; the views over those views (`responses`,
-- `recognitions`, `dispatches`) are made again exactly as before.
-- `response_pairs` reads neither column and stays.
--
-- `touch_by_down` (stored_touch by session and down time, 0001, 0008) held
-- every touch a second time, 0.7 MB of that store. Only the set-wise
-- derivation seeks it (the touch a record without a touch id belongs to:
-- the latest down at or before it); it now builds that index for the
-- capture it derives, in a temporary table, for the length of the import.
-- The one reader that walked it in order (compare's and the report's touch
-- order, a window over a selection's touches) sorts each session's touches
-- instead: 0.16 s for 129,000 latencies of 538 sessions on a 12 M-record
-- store, with the index or without. session-summary counted each
-- session's touches in it and counts them in the table (0.5 s at 12 M
-- either way).
--
-- The migrator runs this in its one transaction: a failure anywhere leaves
-- the store at 0010.

DROP VIEW responses;
DROP VIEW response;
DROP VIEW recognitions;
DROP VIEW recognition;
DROP VIEW dispatches;
DROP VIEW dispatch;

ALTER TABLE stored_response DROP COLUMN down_ns;
ALTER TABLE stored_recognition DROP COLUMN down_ns;
ALTER TABLE stored_dispatch DROP COLUMN transition_ns;

DROP INDEX touch_by_down;

CREATE VIEW response AS
SELECT session_id, touch, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       t_ns, t_ns - latency_ns AS down_ns, latency_ns, line, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_response;

CREATE VIEW responses AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       response.touch, response.region, response.target, response.event, response.via,
       response.latency_ns / 1e6 AS latency_ms,
       response.down_ns, response.t_ns, response.latency_ns, response.line,
       capture.id AS capture_id, response.session_id
FROM response
JOIN session ON session.id = response.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW recognition AS
SELECT session_id, touch, (SELECT text FROM name WHERE id = recognizer_id) AS recognizer,
       (SELECT text FROM name WHERE id = class_id) AS class, (SELECT text FROM name WHERE id = state_id) AS state,
       t_ns, t_ns - latency_ns AS down_ns, latency_ns, line, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_recognition;

CREATE VIEW recognitions AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       recognition.touch, recognition.region, recognition.recognizer, recognition.class,
       recognition.state AS event, NULL AS via,
       recognition.latency_ns / 1e6 AS latency_ms,
       recognition.down_ns, recognition.t_ns, recognition.latency_ns, recognition.line,
       capture.id AS capture_id, recognition.session_id
FROM recognition
JOIN session ON session.id = recognition.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW dispatch AS
SELECT session_id, t_ns, line, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       touch, t_ns - latency_ns AS transition_ns, latency_ns, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_dispatch;

CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, dispatch.region, dispatch.target, dispatch.event, dispatch.via,
       dispatch.latency_ns / 1e6 AS latency_ms,
       dispatch.transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id;
