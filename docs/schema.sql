-- The gesturelab schema after every migration in Migrations/ (schema version 7).
-- Generated from a new database; do not edit. After adding a migration, run
-- scripts/update-schema.sh to write it anew. PRAGMA application_id = 0x474C4142
-- ("GLAB"); new databases use 16384-byte pages.

CREATE TABLE gesturelab_migration (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    checksum    TEXT NOT NULL,   -- SHA-256 of the migration's SQL
    applied_at  TEXT NOT NULL
) STRICT;

CREATE TABLE capture (
    id              INTEGER PRIMARY KEY,
    file_name       TEXT NOT NULL,    -- last path component; "stdin" for -
    path            TEXT NOT NULL,    -- as given to import
    sha256          TEXT UNIQUE,      -- hex digest of the file's bytes
    size_bytes      INTEGER NOT NULL,
    imported_at     TEXT NOT NULL,    -- ISO 8601, UTC
    tool_version    TEXT NOT NULL,
    recorder        TEXT,             -- the header's free text
    format_version  INTEGER NOT NULL,
    session_count    INTEGER NOT NULL DEFAULT 0,
    touch_count      INTEGER NOT NULL DEFAULT 0,  -- touch records (phase samples)
    transition_count INTEGER NOT NULL DEFAULT 0,
    delivery_count   INTEGER NOT NULL DEFAULT 0,
    frame_count      INTEGER NOT NULL DEFAULT 0,
    unknown_count    INTEGER NOT NULL DEFAULT 0,  -- lines of unknown type, skipped
    rejected_count   INTEGER NOT NULL DEFAULT 0   -- lines refused under --skip-invalid
, target_count INTEGER NOT NULL DEFAULT 0) STRICT;

CREATE TABLE session (
    id            INTEGER PRIMARY KEY,
    capture_id    INTEGER NOT NULL REFERENCES capture(id) ON DELETE CASCADE,
    session       TEXT NOT NULL,      -- the id in the capture
    experiment    TEXT NOT NULL,
    variant       TEXT NOT NULL,
    device_model  TEXT,
    device_os     TEXT,
    screen_w      REAL,               -- points
    screen_h      REAL,
    screen_scale  REAL,
    started_at    TEXT,
    line          INTEGER NOT NULL, dropped INTEGER NOT NULL DEFAULT 0 CHECK (dropped >= 0),
    UNIQUE (capture_id, session)
) STRICT;

CREATE TABLE session_config (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    value       TEXT NOT NULL,
    value_type  TEXT NOT NULL CHECK (value_type IN ('string', 'number', 'boolean')),
    PRIMARY KEY (session_id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE touch (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,     -- the id in the session
    down_ns     INTEGER NOT NULL,     -- t of its began record
    x           REAL NOT NULL,        -- touch-down position, window points
    y           REAL NOT NULL,
    kind        TEXT,
    line        INTEGER NOT NULL, region TEXT, hit TEXT,     -- the began record's line
    PRIMARY KEY (session_id, touch)
) STRICT, WITHOUT ROWID;

CREATE TABLE touch_sample (
    session_id  INTEGER NOT NULL,
    touch       INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    phase       TEXT NOT NULL,
    x           REAL NOT NULL,
    y           REAL NOT NULL,
    radius      REAL,
    force       REAL,
    kind        TEXT,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, touch, t_ns, line)
) STRICT, WITHOUT ROWID;

CREATE TABLE transition (
    session_id  INTEGER NOT NULL,
    recognizer  TEXT NOT NULL,
    to_state    TEXT NOT NULL,
    t_ns        INTEGER NOT NULL,
    from_state  TEXT,
    class       TEXT,
    touch       INTEGER,              -- as named by the record, if it named one
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, recognizer, to_state, t_ns, line)
) STRICT, WITHOUT ROWID;

CREATE TABLE delivery (
    session_id  INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    target      TEXT NOT NULL,
    event       TEXT NOT NULL,
    via         TEXT NOT NULL,
    touch       INTEGER,              -- as named by the record, if it named one
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

CREATE TABLE frame (
    session_id  INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

CREATE TABLE response (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    target      TEXT NOT NULL,
    event       TEXT NOT NULL,
    via         TEXT NOT NULL,
    t_ns        INTEGER NOT NULL,     -- the earliest such delivery
    down_ns     INTEGER NOT NULL,
    latency_ns  INTEGER NOT NULL,     -- t_ns - down_ns
    line        INTEGER NOT NULL, region TEXT,     -- the earliest delivery's capture line
    PRIMARY KEY (session_id, touch, target, event, via)
) STRICT, WITHOUT ROWID;

CREATE TABLE recognition (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    recognizer  TEXT NOT NULL,
    class       TEXT,
    state       TEXT NOT NULL,        -- began or recognized
    t_ns        INTEGER NOT NULL,
    down_ns     INTEGER NOT NULL,
    latency_ns  INTEGER NOT NULL,
    line        INTEGER NOT NULL, region TEXT,
    PRIMARY KEY (session_id, touch, recognizer)
) STRICT, WITHOUT ROWID;

CREATE TABLE dispatch (
    session_id     INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns           INTEGER NOT NULL,  -- the delivery
    line           INTEGER NOT NULL,  -- the delivery's capture line
    target         TEXT NOT NULL,
    event          TEXT NOT NULL,
    via            TEXT NOT NULL,
    touch          INTEGER,           -- the touch the delivery belongs to, if any
    transition_ns  INTEGER NOT NULL,
    latency_ns     INTEGER NOT NULL, region TEXT,  -- t_ns - transition_ns
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

CREATE TABLE session_orphans (
    session_id            INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    orphan_deliveries     INTEGER NOT NULL,
    orphan_transitions    INTEGER NOT NULL
) STRICT;

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

CREATE INDEX session_by_experiment ON session(experiment, variant);

CREATE INDEX session_config_by_key ON session_config(key, value);

CREATE INDEX touch_by_down ON touch(session_id, down_ns);

CREATE INDEX dispatch_by_channel ON dispatch(session_id, target, event, via, latency_ns);

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

CREATE VIEW responses AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       response.touch, response.region, response.target, response.event, response.via,
       response.latency_ns / 1e6 AS latency_ms,
       response.down_ns, response.t_ns, response.latency_ns, response.line,
       capture.id AS capture_id, response.session_id
FROM response
JOIN session ON session.id = response.session_id
JOIN capture ON capture.id = session.capture_id;

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

CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, dispatch.region, dispatch.target, dispatch.event, dispatch.via,
       dispatch.latency_ns / 1e6 AS latency_ms,
       dispatch.transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id;

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
