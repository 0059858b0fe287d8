-- The gesturelab schema after every migration in Migrations/ (schema version 13).
-- Generated from a new database; do not edit. After adding a migration, run
-- scripts/update-schema.sh to write it anew. PRAGMA application_id = 0x474C4142
-- ("GLAB"); new databases use 16384-byte pages.

-- The relations to query (`gesturelab query --list` says what a row of each is).

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
    line          INTEGER NOT NULL, dropped INTEGER NOT NULL DEFAULT 0 CHECK (dropped >= 0), app_name TEXT, app_version TEXT, app_build TEXT,
    UNIQUE (capture_id, session)
) STRICT;

CREATE TABLE session_config (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    value       TEXT NOT NULL,
    value_type  TEXT NOT NULL CHECK (value_type IN ('string', 'number', 'boolean')),
    PRIMARY KEY (session_id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE frame (
    session_id  INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    line        INTEGER NOT NULL,
    PRIMARY KEY (session_id, t_ns, line)
) STRICT, WITHOUT ROWID;

CREATE TABLE session_orphans (
    session_id            INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    orphan_deliveries     INTEGER NOT NULL,
    orphan_transitions    INTEGER NOT NULL
) STRICT;

CREATE INDEX session_by_experiment ON session(experiment, variant);

CREATE INDEX session_config_by_key ON session_config(key, value);

CREATE VIEW touch_sample AS
SELECT session_id, touch, t_ns, (SELECT text FROM name WHERE id = phase_id) AS phase, x, y, radius, force,
       (SELECT text FROM name WHERE id = kind_id) AS kind, line
FROM stored_touch_sample;

CREATE VIEW transition AS
SELECT session_id, (SELECT text FROM name WHERE id = recognizer_id) AS recognizer,
       (SELECT text FROM name WHERE id = to_state_id) AS to_state, t_ns,
       (SELECT text FROM name WHERE id = from_state_id) AS from_state,
       (SELECT text FROM name WHERE id = class_id) AS class, touch, line
FROM stored_transition;

CREATE VIEW delivery AS
SELECT session_id, t_ns, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       touch, line
FROM stored_delivery;

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

-- How the store keeps them: names as ids in `name`, rows in `stored_*`.
-- Not for your SQL: any migration may change these; query the relations above.

CREATE TABLE gesturelab_migration (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    checksum    TEXT NOT NULL,   -- SHA-256 of the migration's SQL
    applied_at  TEXT NOT NULL
) STRICT;

CREATE TABLE name (
    id    INTEGER PRIMARY KEY,
    text  TEXT NOT NULL UNIQUE
) STRICT;

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

CREATE TABLE stored_response (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,
    target_id   INTEGER NOT NULL,
    event_id    INTEGER NOT NULL,
    via_id      INTEGER NOT NULL,
    t_ns        INTEGER NOT NULL,
    latency_ns  INTEGER NOT NULL,
    line        INTEGER NOT NULL,
    region_id   INTEGER,
    PRIMARY KEY (session_id, touch, target_id, event_id, via_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE stored_recognition (
    session_id     INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch          INTEGER NOT NULL,
    recognizer_id  INTEGER NOT NULL,
    class_id       INTEGER,
    state_id       INTEGER NOT NULL,
    t_ns           INTEGER NOT NULL,
    latency_ns     INTEGER NOT NULL,
    line           INTEGER NOT NULL,
    region_id      INTEGER,
    PRIMARY KEY (session_id, touch, recognizer_id)
) STRICT, WITHOUT ROWID;

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

CREATE TABLE stored_dispatch_group (
    id          INTEGER PRIMARY KEY,
    experiment  TEXT NOT NULL,
    variant     TEXT NOT NULL,
    target_id   INTEGER NOT NULL,
    event_id    INTEGER NOT NULL,
    via_id      INTEGER NOT NULL,
    UNIQUE (experiment, variant, target_id, event_id, via_id)
) STRICT;

CREATE TABLE stored_dispatch (
    session_id     INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns           INTEGER NOT NULL,
    line           INTEGER NOT NULL,
    target_id      INTEGER NOT NULL,
    event_id       INTEGER NOT NULL,
    via_id         INTEGER NOT NULL,
    touch          INTEGER,
    latency_ns     INTEGER NOT NULL,
    region_id      INTEGER,
    PRIMARY KEY (session_id, target_id, event_id, via_id, latency_ns, t_ns, line)
) STRICT, WITHOUT ROWID;
