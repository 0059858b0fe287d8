-- 0005_targets_and_outcomes: targets, touch outcomes and false starts, as
-- the SQLite store's migration 0006 defines them (docs/latencies.md, "Touch
-- outcomes and false starts"): the target records, each touch-down's `hit`,
-- the derived tables `outcome` and `touch_start` that push copies, and the
-- relations targets, outcomes, starts and false_starts with the same
-- columns in the same order. Milliseconds are nanoseconds as a double over
-- 1e6 as a double, as SQLite computes them.

ALTER TABLE capture ADD COLUMN target_count bigint NOT NULL DEFAULT 0;
ALTER TABLE touch ADD COLUMN hit text COLLATE "C";

CREATE TABLE target (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    target      text COLLATE "C" NOT NULL,
    t_ns        bigint NOT NULL,
    x           double precision NOT NULL,
    y           double precision NOT NULL,
    w           double precision NOT NULL,
    h           double precision NOT NULL,
    hit_x       double precision,
    hit_y       double precision,
    hit_w       double precision,
    hit_h       double precision,
    class       text COLLATE "C",
    line        bigint NOT NULL,
    PRIMARY KEY (session_id, target, t_ns, line)
);

CREATE TABLE outcome (
    session_id       bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch            bigint NOT NULL,
    target           text COLLATE "C" NOT NULL,
    distance_pt      double precision NOT NULL,
    inside_frame     bigint NOT NULL CHECK (inside_frame IN (0, 1)),
    inside_hit_area  bigint NOT NULL CHECK (inside_hit_area IN (0, 1)),
    reached          bigint NOT NULL CHECK (reached IN (0, 1)),
    target_line      bigint NOT NULL,
    PRIMARY KEY (session_id, touch)
);

CREATE TABLE touch_start (
    session_id    bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch         bigint NOT NULL,
    target        text COLLATE "C" NOT NULL,
    start_event   text COLLATE "C" NOT NULL,
    start_ns      bigint NOT NULL,
    start_line    bigint NOT NULL,
    cancel_event  text COLLATE "C",
    cancel_ns     bigint,
    cancel_line   bigint,
    PRIMARY KEY (session_id, touch, target)
);

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

CREATE VIEW starts AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch_start.touch, touch.region, touch_start.target, touch_start.start_event,
       (touch_start.start_ns - touch.down_ns)::double precision / 1e6::double precision AS start_ms,
       CASE WHEN touch_start.cancel_ns IS NULL THEN 0::bigint ELSE 1::bigint END AS false_start,
       touch_start.cancel_event,
       (touch_start.cancel_ns - touch_start.start_ns)::double precision / 1e6::double precision AS cancelled_after_ms,
       touch.down_ns, touch_start.start_ns, touch_start.cancel_ns, touch_start.start_line, touch_start.cancel_line,
       capture.id AS capture_id, touch_start.session_id
FROM touch_start
JOIN touch ON touch.session_id = touch_start.session_id AND touch.touch = touch_start.touch
JOIN session ON session.id = touch_start.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW false_starts AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch_start.touch, touch_start.target, touch_start.start_event, touch_start.cancel_event,
       (touch_start.start_ns - touch.down_ns)::double precision / 1e6::double precision AS start_ms,
       (touch_start.cancel_ns - touch_start.start_ns)::double precision / 1e6::double precision AS cancelled_after_ms,
       touch.region, touch.down_ns, touch_start.start_ns, touch_start.cancel_ns,
       touch_start.start_line, touch_start.cancel_line,
       capture.id AS capture_id, touch_start.session_id
FROM touch_start
JOIN touch ON touch.session_id = touch_start.session_id AND touch.touch = touch_start.touch
JOIN session ON session.id = touch_start.session_id
JOIN capture ON capture.id = session.capture_id
WHERE touch_start.cancel_ns IS NOT NULL;
