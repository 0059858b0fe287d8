-- 0002_derived_latencies: the latencies of SPEC section 3, kept in step with
-- imports, and the relations `responses`, `recognitions`, `dispatches`.
--
-- A delivery or transition belongs to the touch it names, else to the touch
-- of its session with the latest down at or before its t (equal downs: the
-- higher touch id). The import derives each capture's rows in its own
-- transaction, by index seeks on touch(session_id, down_ns), never by a scan
-- of all touches per record. Records that belong to no touch are counted in
-- session_orphans, not dropped.

-- Earliest delivery per (touch, target, event, via).
CREATE TABLE response (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    target      TEXT NOT NULL,
    event       TEXT NOT NULL,
    via         TEXT NOT NULL,
    t_ns        INTEGER NOT NULL,     -- the earliest such delivery
    down_ns     INTEGER NOT NULL,
    latency_ns  INTEGER NOT NULL,     -- t_ns - down_ns
    line        INTEGER NOT NULL,     -- the earliest delivery's capture line
    PRIMARY KEY (session_id, touch, target, event, via)
) STRICT, WITHOUT ROWID;

-- Earliest transition to began or recognized per (touch, recognizer).
CREATE TABLE recognition (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    recognizer  TEXT NOT NULL,
    class       TEXT,
    state       TEXT NOT NULL,        -- began or recognized
    t_ns        INTEGER NOT NULL,
    down_ns     INTEGER NOT NULL,
    latency_ns  INTEGER NOT NULL,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, touch, recognizer)
) STRICT, WITHOUT ROWID;

-- Each delivery of (target R, event S) against the latest transition of R
-- to S at or before it.
CREATE TABLE dispatch (
    session_id     INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns           INTEGER NOT NULL,  -- the delivery
    line           INTEGER NOT NULL,  -- the delivery's capture line
    target         TEXT NOT NULL,
    event          TEXT NOT NULL,
    via            TEXT NOT NULL,
    touch          INTEGER,           -- the touch the delivery belongs to, if any
    transition_ns  INTEGER NOT NULL,
    latency_ns     INTEGER NOT NULL,  -- t_ns - transition_ns
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

-- Per session: records that belong to no touch.
CREATE TABLE session_orphans (
    session_id            INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    orphan_deliveries     INTEGER NOT NULL,
    orphan_transitions    INTEGER NOT NULL
) STRICT;

-- Touches with their screen region: the edges whose 20-point margin the
-- touch-down lies within, vertical edge first (bottom-right), else center;
-- NULL when the session has no screen size.
CREATE VIEW touches AS
SELECT capture.file_name AS capture,
       session.session,
       session.experiment,
       session.variant,
       touch.touch,
       touch.down_ns,
       touch.x,
       touch.y,
       CASE
           WHEN session.screen_w IS NULL OR session.screen_h IS NULL THEN NULL
           ELSE coalesce(nullif(
                    CASE WHEN touch.y <= 20 THEN 'top'
                         WHEN touch.y >= session.screen_h - 20 THEN 'bottom' ELSE '' END
                    || CASE WHEN (touch.y <= 20 OR touch.y >= session.screen_h - 20)
                             AND (touch.x <= 20 OR touch.x >= session.screen_w - 20) THEN '-' ELSE '' END
                    || CASE WHEN touch.x <= 20 THEN 'left'
                            WHEN touch.x >= session.screen_w - 20 THEN 'right' ELSE '' END,
                    ''), 'center')
       END AS region,
       touch.kind,
       touch.line,
       capture.id AS capture_id,
       session.id AS session_id
FROM touch
JOIN session ON session.id = touch.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW responses AS
SELECT touches.capture, touches.session, touches.experiment, touches.variant,
       response.touch, touches.region, response.target, response.event, response.via,
       response.latency_ns / 1e6 AS latency_ms,
       response.down_ns, response.t_ns, response.latency_ns, response.line,
       touches.capture_id, response.session_id
FROM response
JOIN touches ON touches.session_id = response.session_id AND touches.touch = response.touch;

CREATE VIEW recognitions AS
SELECT touches.capture, touches.session, touches.experiment, touches.variant,
       recognition.touch, touches.region, recognition.recognizer, recognition.class,
       recognition.state AS event, NULL AS via,
       recognition.latency_ns / 1e6 AS latency_ms,
       recognition.down_ns, recognition.t_ns, recognition.latency_ns, recognition.line,
       touches.capture_id, recognition.session_id
FROM recognition
JOIN touches ON touches.session_id = recognition.session_id AND touches.touch = recognition.touch;

CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, touches.region, dispatch.target, dispatch.event, dispatch.via,
       dispatch.latency_ns / 1e6 AS latency_ms,
       dispatch.transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id
LEFT JOIN touches ON touches.session_id = dispatch.session_id AND touches.touch = dispatch.touch;
