-- 0006_targets_and_outcomes: the targets a capture declares, where each
-- touch-down landed relative to them, and the starts that were cancelled
-- (docs/latencies.md, "Touch outcomes and false starts").
--
-- `target` holds every `target` record: a control's or view's frame from its
-- t on, and the area that accepts its touches when that differs (an
-- enlarged point(inside:with:)). `touch.hit` is the began record's `hit`:
-- the target the hit-test chose, '' for none of them, NULL when not recorded.
--
-- Both derived tables are filled at import, in the capture's transaction:
-- `outcome` per touch-down of a session with a target on screen at down,
-- `touch_start` per (touch, target) with a start, saying whether it was a
-- false start. Stores made before this migration have captures read by a
-- reader that skipped `target` records and `hit`: they have no rows here.

ALTER TABLE capture ADD COLUMN target_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE touch ADD COLUMN hit TEXT;

CREATE TABLE target (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    target      TEXT NOT NULL,        -- the id deliveries use for it
    t_ns        INTEGER NOT NULL,     -- from when this frame applies
    x           REAL NOT NULL,        -- the visible frame, window points
    y           REAL NOT NULL,
    w           REAL NOT NULL,
    h           REAL NOT NULL,
    hit_x       REAL,                 -- the area accepting touches, when it differs
    hit_y       REAL,
    hit_w       REAL,
    hit_h       REAL,
    class       TEXT,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, target, t_ns, line)
) STRICT, WITHOUT ROWID;

-- Per touch-down: the nearest target (frames as of the latest record at or
-- before down; distance from the down point to the frame, 0 inside; ties to
-- the target declared on the earliest line), whether the point lies in its
-- frame and in its hit area, and whether the touch reached it (`hit` names
-- it, or without `hit`, the point lies in its hit area). Booleans are 0/1.
CREATE TABLE outcome (
    session_id       INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch            INTEGER NOT NULL,
    target           TEXT NOT NULL,
    distance_pt      REAL NOT NULL,
    inside_frame     INTEGER NOT NULL CHECK (inside_frame IN (0, 1)),
    inside_hit_area  INTEGER NOT NULL CHECK (inside_hit_area IN (0, 1)),
    reached          INTEGER NOT NULL CHECK (reached IN (0, 1)),
    target_line      INTEGER NOT NULL,  -- the target record whose frame was used
    PRIMARY KEY (session_id, touch)
) STRICT, WITHOUT ROWID;

-- Per (touch, target) with a start (a delivery of touchesBegan or
-- touchDown, or a transition to began; a transition's target is its
-- recognizer): the start, and, when a cancel (touchesCancelled,
-- touchCancel, a transition to cancelled or failed) followed it before any
-- end (touchesEnded, touchUpInside, touchUpOutside, a transition to ended
-- or recognized), that cancel: a false start. The start is the earliest
-- one the cancel followed with no end between, else the pair's first.
-- At equal times the event name, then the line, decides.
CREATE TABLE touch_start (
    session_id    INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch         INTEGER NOT NULL,
    target        TEXT NOT NULL,
    start_event   TEXT NOT NULL,
    start_ns      INTEGER NOT NULL,
    start_line    INTEGER NOT NULL,
    cancel_event  TEXT,               -- NULL: not a false start
    cancel_ns     INTEGER,
    cancel_line   INTEGER,
    PRIMARY KEY (session_id, touch, target)
) STRICT, WITHOUT ROWID;

CREATE VIEW targets AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       target.target, target.class, target.t_ns, target.x, target.y, target.w, target.h,
       target.hit_x, target.hit_y, target.hit_w, target.hit_h,
       target.line, capture.id AS capture_id, target.session_id
FROM target
JOIN session ON session.id = target.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW outcomes AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       outcome.touch, touch.region, touch.x, touch.y, touch.hit, outcome.target,
       outcome.distance_pt, outcome.inside_frame, outcome.inside_hit_area, outcome.reached,
       touch.down_ns, touch.line, outcome.target_line,
       capture.id AS capture_id, outcome.session_id
FROM outcome
JOIN touch ON touch.session_id = outcome.session_id AND touch.touch = outcome.touch
JOIN session ON session.id = outcome.session_id
JOIN capture ON capture.id = session.capture_id;

-- Every (touch, target) with a start: the denominator of the false-start rate.
CREATE VIEW starts AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch_start.touch, touch.region, touch_start.target, touch_start.start_event,
       (touch_start.start_ns - touch.down_ns) / 1e6 AS start_ms,
       CASE WHEN touch_start.cancel_ns IS NULL THEN 0 ELSE 1 END AS false_start,
       touch_start.cancel_event,
       (touch_start.cancel_ns - touch_start.start_ns) / 1e6 AS cancelled_after_ms,
       touch.down_ns, touch_start.start_ns, touch_start.cancel_ns, touch_start.start_line, touch_start.cancel_line,
       capture.id AS capture_id, touch_start.session_id
FROM touch_start
JOIN touch ON touch.session_id = touch_start.session_id AND touch.touch = touch_start.touch
JOIN session ON session.id = touch_start.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW false_starts AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch_start.touch, touch_start.target, touch_start.start_event, touch_start.cancel_event,
       (touch_start.start_ns - touch.down_ns) / 1e6 AS start_ms,
       (touch_start.cancel_ns - touch_start.start_ns) / 1e6 AS cancelled_after_ms,
       touch.region, touch.down_ns, touch_start.start_ns, touch_start.cancel_ns,
       touch_start.start_line, touch_start.cancel_line,
       capture.id AS capture_id, touch_start.session_id
FROM touch_start
JOIN touch ON touch.session_id = touch_start.session_id AND touch.touch = touch_start.touch
JOIN session ON session.id = touch_start.session_id
JOIN capture ON capture.id = session.capture_id
WHERE touch_start.cancel_ns IS NOT NULL;
