-- 0001_initial: captures, sessions and their raw records.
--
-- Times are integer nanoseconds on the session's monotonic clock (the clock
-- of UITouch.timestamp), converted exactly from the capture's decimal seconds.
-- Every record keeps the line it came from, so any row leads back to its
-- capture line. The record tables are clustered (WITHOUT ROWID) on the keys
-- the analyses walk: per session in time order, per recognizer and state.
-- Recorders write in time order, so imports append to the end of each tree.

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
) STRICT;

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
    line          INTEGER NOT NULL,
    UNIQUE (capture_id, session)
) STRICT;

CREATE INDEX session_by_experiment ON session(experiment, variant);

-- One row per configuration knob, so any analysis can group by any key.
-- `value` is the canonical text that `compare --a VALUE` matches
-- (true/false, 2, 0.5, strings as written); `value_type` keeps the JSON type.
CREATE TABLE session_config (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    value       TEXT NOT NULL,
    value_type  TEXT NOT NULL CHECK (value_type IN ('string', 'number', 'boolean')),
    PRIMARY KEY (session_id, key)
) STRICT, WITHOUT ROWID;

CREATE INDEX session_config_by_key ON session_config(key, value);

-- One row per touch: where and when the finger came down.
CREATE TABLE touch (
    session_id  INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       INTEGER NOT NULL,     -- the id in the session
    down_ns     INTEGER NOT NULL,     -- t of its began record
    x           REAL NOT NULL,        -- touch-down position, window points
    y           REAL NOT NULL,
    kind        TEXT,
    line        INTEGER NOT NULL,     -- the began record's line
    PRIMARY KEY (session_id, touch)
) STRICT, WITHOUT ROWID;

-- Association by time: the latest touch-down at or before a record.
CREATE INDEX touch_by_down ON touch(session_id, down_ns);

-- Every phase sample, began included, so a touch's path is in one table.
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

-- Recognizer state changes, clustered for "latest transition of R to S at
-- or before t" (dispatch latency) and "first began of R" (recognition).
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

-- What the app's code heard, and when.
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
