-- 0003_stored_regions: each touch's screen region, decided once at import
-- and kept with the touch and with every derived row of it.
--
-- The relations used to compute the region from the touch and its session
-- for every row they returned, and to join `touch` for it: two thirds of
-- SQLite's work in an export of `responses`. The derived rows already carry
-- their touch's down time; now they carry its region too, and the relations
-- read it. Columns, their names and their order are unchanged.
--
-- The rule (SPEC section 3): the edges whose 20-point margin the touch-down
-- lies within, vertical edge first (bottom-right), else center; NULL when
-- the session has no screen size. Imports decide it while reading
-- (`ScreenRegion` in GestureStore); this migration decides it for the
-- touches already stored, with the expression 0002's `touches` view used.

ALTER TABLE touch ADD COLUMN region TEXT;
ALTER TABLE response ADD COLUMN region TEXT;
ALTER TABLE recognition ADD COLUMN region TEXT;
ALTER TABLE dispatch ADD COLUMN region TEXT;

UPDATE touch SET region = (
    SELECT CASE
               WHEN session.screen_w IS NULL OR session.screen_h IS NULL THEN NULL
               ELSE coalesce(nullif(
                        CASE WHEN touch.y <= 20 THEN 'top'
                             WHEN touch.y >= session.screen_h - 20 THEN 'bottom' ELSE '' END
                        || CASE WHEN (touch.y <= 20 OR touch.y >= session.screen_h - 20)
                                 AND (touch.x <= 20 OR touch.x >= session.screen_w - 20) THEN '-' ELSE '' END
                        || CASE WHEN touch.x <= 20 THEN 'left'
                                WHEN touch.x >= session.screen_w - 20 THEN 'right' ELSE '' END,
                        ''), 'center')
           END
    FROM session WHERE session.id = touch.session_id);

UPDATE response SET region = (
    SELECT touch.region FROM touch
    WHERE touch.session_id = response.session_id AND touch.touch = response.touch);

UPDATE recognition SET region = (
    SELECT touch.region FROM touch
    WHERE touch.session_id = recognition.session_id AND touch.touch = recognition.touch);

UPDATE dispatch SET region = (
    SELECT touch.region FROM touch
    WHERE touch.session_id = dispatch.session_id AND touch.touch = dispatch.touch)
WHERE dispatch.touch IS NOT NULL;

DROP VIEW touches;
CREATE VIEW touches AS
SELECT capture.file_name AS capture,
       session.session,
       session.experiment,
       session.variant,
       touch.touch,
       touch.down_ns,
       touch.x,
       touch.y,
       touch.region,
       touch.kind,
       touch.line,
       capture.id AS capture_id,
       session.id AS session_id
FROM touch
JOIN session ON session.id = touch.session_id
JOIN capture ON capture.id = session.capture_id;

DROP VIEW responses;
CREATE VIEW responses AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       response.touch, response.region, response.target, response.event, response.via,
       response.latency_ns / 1e6 AS latency_ms,
       response.down_ns, response.t_ns, response.latency_ns, response.line,
       capture.id AS capture_id, response.session_id
FROM response
JOIN session ON session.id = response.session_id
JOIN capture ON capture.id = session.capture_id;

DROP VIEW recognitions;
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

DROP VIEW dispatches;
CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, dispatch.region, dispatch.target, dispatch.event, dispatch.via,
       dispatch.latency_ns / 1e6 AS latency_ms,
       dispatch.transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id;
