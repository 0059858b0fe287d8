-- 0008_interned_names: every name stored once, rows refer to it by an
-- integer key; the relations read as before, through views.
--
-- A pan capture's store was 1.22× the size of `sqlite3 .import` of the same
-- records, a delivery-heavy one 2.4×: each row repeated its target, event,
-- channel, recognizer, class, phase and region as text, and every derived
-- row repeated them again in its key. Now `name` holds each distinct text
-- once and the record and derived tables (`stored_*`) hold its id, a one-
-- or two-byte integer in SQLite's record format.
--
-- One table for every kind of name, not one per kind: a delivery's target
-- is matched to a transition's recognizer and its event to the transition's
-- state (dispatch latency), and a transition's recognizer is a start's
-- target (false starts), so those comparisons stay plain integer equality
-- only if the kinds share one set of keys. The enumerations (phase, kind,
-- state, region) are names too, so every text column decodes the same way.
-- `name` rows are never deleted (a name no longer used costs a few bytes),
-- so the id columns carry no foreign key: an import interns the names it
-- meets in its own transaction and refers only to those it has inserted or
-- read, and a check per column per row would cost import time.
--
-- Each old table is now a view of the same name with the same columns in
-- the same order (`SELECT * FROM delivery`, export, canned queries, the
-- report and push read what they read before); the views spell every id
-- back out with a lookup on `name`'s primary key. Tables whose rows hold no
-- names (capture, session, session_config, frame, session_orphans) keep
-- their layout. The conversion runs in the migrator's single transaction,
-- so a failure anywhere leaves the store as it was.

CREATE TABLE name (
    id    INTEGER PRIMARY KEY,
    text  TEXT NOT NULL UNIQUE
) STRICT;

INSERT INTO name (text)
SELECT text FROM (
    SELECT kind AS text FROM touch UNION SELECT region FROM touch UNION SELECT hit FROM touch
    UNION SELECT phase FROM touch_sample UNION SELECT kind FROM touch_sample
    UNION SELECT recognizer FROM transition UNION SELECT to_state FROM transition
    UNION SELECT from_state FROM transition UNION SELECT class FROM transition
    UNION SELECT target FROM delivery UNION SELECT event FROM delivery UNION SELECT via FROM delivery
    UNION SELECT target FROM response UNION SELECT event FROM response UNION SELECT via FROM response
    UNION SELECT region FROM response
    UNION SELECT recognizer FROM recognition UNION SELECT class FROM recognition
    UNION SELECT state FROM recognition UNION SELECT region FROM recognition
    UNION SELECT target FROM dispatch UNION SELECT event FROM dispatch UNION SELECT via FROM dispatch
    UNION SELECT region FROM dispatch
    UNION SELECT target FROM target UNION SELECT class FROM target
    UNION SELECT target FROM outcome
    UNION SELECT target FROM touch_start UNION SELECT start_event FROM touch_start
    UNION SELECT cancel_event FROM touch_start)
WHERE text IS NOT NULL
ORDER BY text;

-- touch -----------------------------------------------------------------

CREATE TABLE stored_touch (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    down_ns     INTEGER NOT NULL,
    x           REAL NOT NULL,
    y           REAL NOT NULL,
    kind_id     INTEGER,
    line        INTEGER NOT NULL,
    region_id   INTEGER,
    hit_id      INTEGER,
    PRIMARY KEY (session_id, touch)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_touch
SELECT session_id, touch, down_ns, x, y,
       (SELECT id FROM name WHERE text = kind), line,
       (SELECT id FROM name WHERE text = region), (SELECT id FROM name WHERE text = hit)
FROM touch;

DROP TABLE touch;
CREATE INDEX touch_by_down ON stored_touch(session_id, down_ns);

CREATE VIEW touch AS
SELECT session_id, touch, down_ns, x, y,
       (SELECT text FROM name WHERE id = kind_id) AS kind, line,
       (SELECT text FROM name WHERE id = region_id) AS region,
       (SELECT text FROM name WHERE id = hit_id) AS hit
FROM stored_touch;

-- touch_sample ----------------------------------------------------------

CREATE TABLE stored_touch_sample (
    session_id  INTEGER NOT NULL,
    touch       INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    phase_id    INTEGER NOT NULL,
    x           REAL NOT NULL,
    y           REAL NOT NULL,
    radius      REAL,
    force       REAL,
    kind_id     INTEGER,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, touch, t_ns, line)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_touch_sample
SELECT session_id, touch, t_ns, (SELECT id FROM name WHERE text = phase), x, y, radius, force,
       (SELECT id FROM name WHERE text = kind), line
FROM touch_sample;

DROP TABLE touch_sample;

CREATE VIEW touch_sample AS
SELECT session_id, touch, t_ns, (SELECT text FROM name WHERE id = phase_id) AS phase, x, y, radius, force,
       (SELECT text FROM name WHERE id = kind_id) AS kind, line
FROM stored_touch_sample;

-- transition ------------------------------------------------------------

CREATE TABLE stored_transition (
    session_id     INTEGER NOT NULL,
    recognizer_id  INTEGER NOT NULL,
    to_state_id    INTEGER NOT NULL,
    t_ns           INTEGER NOT NULL,
    from_state_id  INTEGER,
    class_id       INTEGER,
    touch          INTEGER,
    line           INTEGER NOT NULL,
    PRIMARY KEY (session_id, recognizer_id, to_state_id, t_ns, line)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_transition
SELECT session_id, (SELECT id FROM name WHERE text = recognizer), (SELECT id FROM name WHERE text = to_state),
       t_ns, (SELECT id FROM name WHERE text = from_state), (SELECT id FROM name WHERE text = class), touch, line
FROM transition;

DROP TABLE transition;

CREATE VIEW transition AS
SELECT session_id, (SELECT text FROM name WHERE id = recognizer_id) AS recognizer,
       (SELECT text FROM name WHERE id = to_state_id) AS to_state, t_ns,
       (SELECT text FROM name WHERE id = from_state_id) AS from_state,
       (SELECT text FROM name WHERE id = class_id) AS class, touch, line
FROM stored_transition;

-- delivery --------------------------------------------------------------

CREATE TABLE stored_delivery (
    session_id  INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    target_id   INTEGER NOT NULL,
    event_id    INTEGER NOT NULL,
    via_id      INTEGER NOT NULL,
    touch       INTEGER,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_delivery
SELECT session_id, t_ns, (SELECT id FROM name WHERE text = target), (SELECT id FROM name WHERE text = event),
       (SELECT id FROM name WHERE text = via), touch, line
FROM delivery;

DROP TABLE delivery;

CREATE VIEW delivery AS
SELECT session_id, t_ns, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       touch, line
FROM stored_delivery;

-- response --------------------------------------------------------------

CREATE TABLE stored_response (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    target_id   INTEGER NOT NULL,
    event_id    INTEGER NOT NULL,
    via_id      INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    down_ns     INTEGER NOT NULL,
    latency_ns  INTEGER NOT NULL,
    line        INTEGER NOT NULL,
    region_id   INTEGER,
    PRIMARY KEY (session_id, touch, target_id, event_id, via_id)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_response
SELECT session_id, touch, (SELECT id FROM name WHERE text = target), (SELECT id FROM name WHERE text = event),
       (SELECT id FROM name WHERE text = via), t_ns, down_ns, latency_ns, line,
       (SELECT id FROM name WHERE text = region)
FROM response;

DROP TABLE response;

CREATE VIEW response AS
SELECT session_id, touch, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       t_ns, down_ns, latency_ns, line, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_response;

-- recognition -----------------------------------------------------------

CREATE TABLE stored_recognition (
    session_id     INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch          INTEGER NOT NULL,
    recognizer_id  INTEGER NOT NULL,
    class_id       INTEGER,
    state_id       INTEGER NOT NULL,
    t_ns           INTEGER NOT NULL,
    down_ns        INTEGER NOT NULL,
    latency_ns     INTEGER NOT NULL,
    line           INTEGER NOT NULL,
    region_id      INTEGER,
    PRIMARY KEY (session_id, touch, recognizer_id)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_recognition
SELECT session_id, touch, (SELECT id FROM name WHERE text = recognizer), (SELECT id FROM name WHERE text = class),
       (SELECT id FROM name WHERE text = state), t_ns, down_ns, latency_ns, line,
       (SELECT id FROM name WHERE text = region)
FROM recognition;

DROP TABLE recognition;

CREATE VIEW recognition AS
SELECT session_id, touch, (SELECT text FROM name WHERE id = recognizer_id) AS recognizer,
       (SELECT text FROM name WHERE id = class_id) AS class, (SELECT text FROM name WHERE id = state_id) AS state,
       t_ns, down_ns, latency_ns, line, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_recognition;

-- dispatch --------------------------------------------------------------

CREATE TABLE stored_dispatch (
    session_id     INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns           INTEGER NOT NULL,
    line           INTEGER NOT NULL,
    target_id      INTEGER NOT NULL,
    event_id       INTEGER NOT NULL,
    via_id         INTEGER NOT NULL,
    touch          INTEGER,
    transition_ns  INTEGER NOT NULL,
    latency_ns     INTEGER NOT NULL,
    region_id      INTEGER,
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_dispatch
SELECT session_id, t_ns, line, (SELECT id FROM name WHERE text = target), (SELECT id FROM name WHERE text = event),
       (SELECT id FROM name WHERE text = via), touch, transition_ns, latency_ns,
       (SELECT id FROM name WHERE text = region)
FROM dispatch;

DROP TABLE dispatch;
-- 0007's index, on the keys: a quarter of its old size or less, and the
-- dispatch-by-channel query still reads each (session, target, event, via)
-- run of latencies from it alone.
CREATE INDEX dispatch_by_channel ON stored_dispatch(session_id, target_id, event_id, via_id, latency_ns);

CREATE VIEW dispatch AS
SELECT session_id, t_ns, line, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       touch, transition_ns, latency_ns, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_dispatch;

-- target ----------------------------------------------------------------

CREATE TABLE stored_target (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    target_id   INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    x           REAL NOT NULL,
    y           REAL NOT NULL,
    w           REAL NOT NULL,
    h           REAL NOT NULL,
    hit_x       REAL,
    hit_y       REAL,
    hit_w       REAL,
    hit_h       REAL,
    class_id    INTEGER,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, target_id, t_ns, line)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_target
SELECT session_id, (SELECT id FROM name WHERE text = target), t_ns, x, y, w, h, hit_x, hit_y, hit_w, hit_h,
       (SELECT id FROM name WHERE text = class), line
FROM target;

DROP TABLE target;

CREATE VIEW target AS
SELECT session_id, (SELECT text FROM name WHERE id = target_id) AS target, t_ns, x, y, w, h,
       hit_x, hit_y, hit_w, hit_h, (SELECT text FROM name WHERE id = class_id) AS class, line
FROM stored_target;

-- outcome ---------------------------------------------------------------

CREATE TABLE stored_outcome (
    session_id       INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch            INTEGER NOT NULL,
    target_id        INTEGER NOT NULL,
    distance_pt      REAL NOT NULL,
    inside_frame     INTEGER NOT NULL CHECK (inside_frame IN (0, 1)),
    inside_hit_area  INTEGER NOT NULL CHECK (inside_hit_area IN (0, 1)),
    reached          INTEGER NOT NULL CHECK (reached IN (0, 1)),
    target_line      INTEGER NOT NULL,
    PRIMARY KEY (session_id, touch)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_outcome
SELECT session_id, touch, (SELECT id FROM name WHERE text = target), distance_pt, inside_frame, inside_hit_area,
       reached, target_line
FROM outcome;

DROP TABLE outcome;

CREATE VIEW outcome AS
SELECT session_id, touch, (SELECT text FROM name WHERE id = target_id) AS target, distance_pt, inside_frame,
       inside_hit_area, reached, target_line
FROM stored_outcome;

-- touch_start -----------------------------------------------------------

CREATE TABLE stored_touch_start (
    session_id       INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch            INTEGER NOT NULL,
    target_id        INTEGER NOT NULL,
    start_event_id   INTEGER NOT NULL,
    start_ns         INTEGER NOT NULL,
    start_line       INTEGER NOT NULL,
    cancel_event_id  INTEGER,
    cancel_ns        INTEGER,
    cancel_line      INTEGER,
    PRIMARY KEY (session_id, touch, target_id)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_touch_start
SELECT session_id, touch, (SELECT id FROM name WHERE text = target), (SELECT id FROM name WHERE text = start_event),
       start_ns, start_line, (SELECT id FROM name WHERE text = cancel_event), cancel_ns, cancel_line
FROM touch_start;

DROP TABLE touch_start;

CREATE VIEW touch_start AS
SELECT session_id, touch, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = start_event_id) AS start_event, start_ns, start_line,
       (SELECT text FROM name WHERE id = cancel_event_id) AS cancel_event, cancel_ns, cancel_line
FROM stored_touch_start;

-- response_pairs pairs channels by key, not by comparing texts through the
-- `response` view; same columns, same order.
DROP VIEW response_pairs;
CREATE VIEW response_pairs AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       first.touch, (SELECT text FROM name WHERE id = first.region_id) AS region,
       (SELECT text FROM name WHERE id = first.target_id) AS target,
       (SELECT text FROM name WHERE id = first.event_id) AS event,
       (SELECT text FROM name WHERE id = first.via_id) AS first_via,
       (SELECT text FROM name WHERE id = second.via_id) AS second_via,
       first.latency_ns / 1e6 AS first_ms, second.latency_ns / 1e6 AS second_ms,
       second.latency_ns / 1e6 - first.latency_ns / 1e6 AS lag_ms,
       capture.id AS capture_id, first.session_id
FROM stored_response AS first
JOIN stored_response AS second
  ON second.session_id = first.session_id AND second.touch = first.touch
 AND second.target_id = first.target_id AND second.event_id = first.event_id AND second.via_id <> first.via_id
JOIN session ON session.id = first.session_id
JOIN capture ON capture.id = session.capture_id;
