-- 0013_one_name_per_relation: each relation a user's SQL reads has one
-- name.
--
-- Since 0008 a derived relation had three: the table that keeps it
-- (`stored_response`, names as ids), a view with the names as text
-- (`response`) and the view a user queries (`responses`, with the capture,
-- session, experiment and variant). `response` and `responses` were one
-- letter apart and held the same rows, so SQL written against one read
-- differently from SQL written against the other. The middle views go;
-- each relation users query reads its `stored_` table itself:
--
--   touch        -> touches (which gains `hit`, the only column it lacked)
--   response     -> responses
--   recognition  -> recognitions (`state` is its `event`)
--   dispatch     -> dispatches
--   target       -> targets
--   outcome      -> outcomes
--   touch_start  -> starts (and false_starts, its cancelled rows)
--
-- `touch_sample`, `transition` and `delivery`, the records as the capture
-- gave them, have one name already and stay, as do `capture`, `session`,
-- `session_config`, `frame` and `session_orphans`. The `stored_` tables and
-- `name` are how the store keeps the relations, not relations to query:
-- `query`, `export` and the docs no longer offer them.
--
-- Every column keeps its expression, and every view but `touches` its
-- columns and their order; `touches` adds `hit` after `kind`. The views are
-- dropped readers first and made again over the tables. The migrator runs
-- this in its one transaction: a failure anywhere leaves the store at 0012.

DROP VIEW false_starts;
DROP VIEW starts;
DROP VIEW outcomes;
DROP VIEW targets;
DROP VIEW dispatches;
DROP VIEW recognitions;
DROP VIEW responses;
DROP VIEW touches;

DROP VIEW touch_start;
DROP VIEW outcome;
DROP VIEW target;
DROP VIEW dispatch;
DROP VIEW recognition;
DROP VIEW response;
DROP VIEW touch;

CREATE VIEW touches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch.touch, touch.down_ns, touch.x, touch.y,
       (SELECT text FROM name WHERE id = touch.region_id) AS region,
       (SELECT text FROM name WHERE id = touch.kind_id) AS kind,
       (SELECT text FROM name WHERE id = touch.hit_id) AS hit,
       touch.line, capture.id AS capture_id, session.id AS session_id
FROM stored_touch AS touch
JOIN session ON session.id = touch.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW responses AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       response.touch, (SELECT text FROM name WHERE id = response.region_id) AS region,
       (SELECT text FROM name WHERE id = response.target_id) AS target,
       (SELECT text FROM name WHERE id = response.event_id) AS event,
       (SELECT text FROM name WHERE id = response.via_id) AS via,
       response.latency_ns / 1e6 AS latency_ms,
       response.t_ns - response.latency_ns AS down_ns, response.t_ns, response.latency_ns, response.line,
       capture.id AS capture_id, response.session_id
FROM stored_response AS response
JOIN session ON session.id = response.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW recognitions AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       recognition.touch, (SELECT text FROM name WHERE id = recognition.region_id) AS region,
       (SELECT text FROM name WHERE id = recognition.recognizer_id) AS recognizer,
       (SELECT text FROM name WHERE id = recognition.class_id) AS class,
       (SELECT text FROM name WHERE id = recognition.state_id) AS event, NULL AS via,
       recognition.latency_ns / 1e6 AS latency_ms,
       recognition.t_ns - recognition.latency_ns AS down_ns, recognition.t_ns, recognition.latency_ns,
       recognition.line, capture.id AS capture_id, recognition.session_id
FROM stored_recognition AS recognition
JOIN session ON session.id = recognition.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, (SELECT text FROM name WHERE id = dispatch.region_id) AS region,
       (SELECT text FROM name WHERE id = dispatch.target_id) AS target,
       (SELECT text FROM name WHERE id = dispatch.event_id) AS event,
       (SELECT text FROM name WHERE id = dispatch.via_id) AS via,
       dispatch.latency_ns / 1e6 AS latency_ms,
       dispatch.t_ns - dispatch.latency_ns AS transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM stored_dispatch AS dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW targets AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       (SELECT text FROM name WHERE id = target.target_id) AS target,
       (SELECT text FROM name WHERE id = target.class_id) AS class,
       target.t_ns, target.x, target.y, target.w, target.h,
       target.hit_x, target.hit_y, target.hit_w, target.hit_h,
       target.line, capture.id AS capture_id, target.session_id
FROM stored_target AS target
JOIN session ON session.id = target.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW outcomes AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       outcome.touch, (SELECT text FROM name WHERE id = touch.region_id) AS region, touch.x, touch.y,
       (SELECT text FROM name WHERE id = touch.hit_id) AS hit,
       (SELECT text FROM name WHERE id = outcome.target_id) AS target,
       outcome.distance_pt, outcome.inside_frame, outcome.inside_hit_area, outcome.reached,
       touch.down_ns, touch.line, outcome.target_line,
       capture.id AS capture_id, outcome.session_id
FROM stored_outcome AS outcome
JOIN stored_touch AS touch ON touch.session_id = outcome.session_id AND touch.touch = outcome.touch
JOIN session ON session.id = outcome.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW starts AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       start.touch, (SELECT text FROM name WHERE id = touch.region_id) AS region,
       (SELECT text FROM name WHERE id = start.target_id) AS target,
       (SELECT text FROM name WHERE id = start.start_event_id) AS start_event,
       (start.start_ns - touch.down_ns) / 1e6 AS start_ms,
       CASE WHEN start.cancel_ns IS NULL THEN 0 ELSE 1 END AS false_start,
       (SELECT text FROM name WHERE id = start.cancel_event_id) AS cancel_event,
       (start.cancel_ns - start.start_ns) / 1e6 AS cancelled_after_ms,
       touch.down_ns, start.start_ns, start.cancel_ns, start.start_line, start.cancel_line,
       capture.id AS capture_id, start.session_id
FROM stored_touch_start AS start
JOIN stored_touch AS touch ON touch.session_id = start.session_id AND touch.touch = start.touch
JOIN session ON session.id = start.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW false_starts AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       start.touch, (SELECT text FROM name WHERE id = start.target_id) AS target,
       (SELECT text FROM name WHERE id = start.start_event_id) AS start_event,
       (SELECT text FROM name WHERE id = start.cancel_event_id) AS cancel_event,
       (start.start_ns - touch.down_ns) / 1e6 AS start_ms,
       (start.cancel_ns - start.start_ns) / 1e6 AS cancelled_after_ms,
       (SELECT text FROM name WHERE id = touch.region_id) AS region,
       touch.down_ns, start.start_ns, start.cancel_ns, start.start_line, start.cancel_line,
       capture.id AS capture_id, start.session_id
FROM stored_touch_start AS start
JOIN stored_touch AS touch ON touch.session_id = start.session_id AND touch.touch = start.touch
JOIN session ON session.id = start.session_id
JOIN capture ON capture.id = session.capture_id
WHERE start.cancel_ns IS NOT NULL;
