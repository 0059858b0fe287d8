-- 0001_initial (PostgreSQL): the shared store's schema, in the shape the
-- SQLite store has after its migrations 0001-0003, with the same tables,
-- columns (in the same order) and relations, so every reading command and
-- canned query gives the same rows on both engines.
--
-- Types: SQLite INTEGER is bigint, REAL double precision, TEXT text in the
-- "C" collation, so that text sorts by code point as in SQLite whatever
-- locale the server was created with. Ids come from the server's sequences:
-- push maps each capture's and session's local id to a new one.

CREATE TABLE capture (
    id               bigserial PRIMARY KEY,
    file_name        text COLLATE "C" NOT NULL,
    path             text COLLATE "C" NOT NULL,
    sha256           text COLLATE "C" NOT NULL UNIQUE,  -- a capture's identity across machines
    size_bytes       bigint NOT NULL,
    imported_at      text COLLATE "C" NOT NULL,
    tool_version     text COLLATE "C" NOT NULL,
    recorder         text COLLATE "C",
    format_version   bigint NOT NULL,
    session_count    bigint NOT NULL DEFAULT 0,
    touch_count      bigint NOT NULL DEFAULT 0,
    transition_count bigint NOT NULL DEFAULT 0,
    delivery_count   bigint NOT NULL DEFAULT 0,
    frame_count      bigint NOT NULL DEFAULT 0,
    unknown_count    bigint NOT NULL DEFAULT 0,
    rejected_count   bigint NOT NULL DEFAULT 0
);

CREATE TABLE session (
    id            bigserial PRIMARY KEY,
    capture_id    bigint NOT NULL REFERENCES capture(id) ON DELETE CASCADE,
    session       text COLLATE "C" NOT NULL,
    experiment    text COLLATE "C" NOT NULL,
    variant       text COLLATE "C" NOT NULL,
    device_model  text COLLATE "C",
    device_os     text COLLATE "C",
    screen_w      double precision,
    screen_h      double precision,
    screen_scale  double precision,
    started_at    text COLLATE "C",
    line          bigint NOT NULL,
    UNIQUE (capture_id, session)
);

CREATE INDEX session_by_experiment ON session(experiment, variant);

CREATE TABLE session_config (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    key         text COLLATE "C" NOT NULL,
    value       text COLLATE "C" NOT NULL,
    value_type  text COLLATE "C" NOT NULL CHECK (value_type IN ('string', 'number', 'boolean')),
    PRIMARY KEY (session_id, key)
);

CREATE INDEX session_config_by_key ON session_config(key, value);

CREATE TABLE touch (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       bigint NOT NULL,
    down_ns     bigint NOT NULL,
    x           double precision NOT NULL,
    y           double precision NOT NULL,
    kind        text COLLATE "C",
    line        bigint NOT NULL,
    region      text COLLATE "C",
    PRIMARY KEY (session_id, touch)
);

CREATE TABLE touch_sample (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       bigint NOT NULL,
    t_ns        bigint NOT NULL,
    phase       text COLLATE "C" NOT NULL,
    x           double precision NOT NULL,
    y           double precision NOT NULL,
    radius      double precision,
    force       double precision,
    kind        text COLLATE "C",
    line        bigint NOT NULL,
    PRIMARY KEY (session_id, touch, t_ns, line)
);

CREATE TABLE transition (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    recognizer  text COLLATE "C" NOT NULL,
    to_state    text COLLATE "C" NOT NULL,
    t_ns        bigint NOT NULL,
    from_state  text COLLATE "C",
    class       text COLLATE "C",
    touch       bigint,
    line        bigint NOT NULL,
    PRIMARY KEY (session_id, recognizer, to_state, t_ns, line)
);

CREATE TABLE delivery (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns        bigint NOT NULL,
    target      text COLLATE "C" NOT NULL,
    event       text COLLATE "C" NOT NULL,
    via         text COLLATE "C" NOT NULL,
    touch       bigint,
    line        bigint NOT NULL,
    PRIMARY KEY (session_id, t_ns, line)
);

CREATE TABLE frame (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns        bigint NOT NULL,
    line        bigint NOT NULL,
    PRIMARY KEY (session_id, t_ns, line)
);

CREATE TABLE response (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       bigint NOT NULL,
    target      text COLLATE "C" NOT NULL,
    event       text COLLATE "C" NOT NULL,
    via         text COLLATE "C" NOT NULL,
    t_ns        bigint NOT NULL,
    down_ns     bigint NOT NULL,
    latency_ns  bigint NOT NULL,
    line        bigint NOT NULL,
    region      text COLLATE "C",
    PRIMARY KEY (session_id, touch, target, event, via)
);

CREATE TABLE recognition (
    session_id  bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    touch       bigint NOT NULL,
    recognizer  text COLLATE "C" NOT NULL,
    class       text COLLATE "C",
    state       text COLLATE "C" NOT NULL,
    t_ns        bigint NOT NULL,
    down_ns     bigint NOT NULL,
    latency_ns  bigint NOT NULL,
    line        bigint NOT NULL,
    region      text COLLATE "C",
    PRIMARY KEY (session_id, touch, recognizer)
);

CREATE TABLE dispatch (
    session_id     bigint NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    t_ns           bigint NOT NULL,
    line           bigint NOT NULL,
    target         text COLLATE "C" NOT NULL,
    event          text COLLATE "C" NOT NULL,
    via            text COLLATE "C" NOT NULL,
    touch          bigint,
    transition_ns  bigint NOT NULL,
    latency_ns     bigint NOT NULL,
    region         text COLLATE "C",
    PRIMARY KEY (session_id, t_ns, line)
);

CREATE TABLE session_orphans (
    session_id          bigint PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    orphan_deliveries   bigint NOT NULL,
    orphan_transitions  bigint NOT NULL
);

-- The relations. Milliseconds are the nanoseconds as a double divided by
-- 1e6 as a double: the very operation SQLite does, so the same bits.
CREATE VIEW touches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch.touch, touch.down_ns, touch.x, touch.y, touch.region, touch.kind, touch.line,
       capture.id AS capture_id, session.id AS session_id
FROM touch
JOIN session ON session.id = touch.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW responses AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       response.touch, response.region, response.target, response.event, response.via,
       response.latency_ns::double precision / 1e6::double precision AS latency_ms,
       response.down_ns, response.t_ns, response.latency_ns, response.line,
       capture.id AS capture_id, response.session_id
FROM response
JOIN session ON session.id = response.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW recognitions AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       recognition.touch, recognition.region, recognition.recognizer, recognition.class,
       recognition.state AS event, NULL::text COLLATE "C" AS via,
       recognition.latency_ns::double precision / 1e6::double precision AS latency_ms,
       recognition.down_ns, recognition.t_ns, recognition.latency_ns, recognition.line,
       capture.id AS capture_id, recognition.session_id
FROM recognition
JOIN session ON session.id = recognition.session_id
JOIN capture ON capture.id = session.capture_id;

CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, dispatch.region, dispatch.target, dispatch.event, dispatch.via,
       dispatch.latency_ns::double precision / 1e6::double precision AS latency_ms,
       dispatch.transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id;

-- The percentile family with SQLite 3.51's semantics and messages (see
-- docs/postgresql.md): over the n sorted non-NULL values the answer sits at
-- position f*(n-1), interpolated as v1 + (v2 - v1)*(h - floor(h)), or the
-- lower neighbour for percentile_disc. The state is the fraction followed
-- by the values; the fraction must be the same (within 0.001) on every row.
-- NaN, which SQLite stores as NULL, is skipped like NULL. PostgreSQL copies
-- the state array on every row, so a group of n values costs O(n^2): fine
-- for per-variant groups, slow for millions of values in one group.
CREATE FUNCTION gesturelab_percentile_step(state double precision[], y double precision,
                                           fraction double precision, max_fraction double precision,
                                           name text)
RETURNS double precision[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    scaled double precision := fraction / max_fraction;
BEGIN
    IF scaled IS NULL OR NOT (scaled >= 0 AND scaled <= 1) THEN
        RAISE EXCEPTION 'the fraction argument to %() is not between 0.0 and %.0', name, max_fraction::bigint;
    END IF;
    IF state IS NULL THEN
        state := ARRAY[scaled];
    ELSIF NOT (state[1] - scaled >= -0.001 AND state[1] - scaled <= 0.001) THEN
        RAISE EXCEPTION 'the fraction argument to %() is not the same for all input rows', name;
    END IF;
    IF y IS NULL OR y = 'NaN'::double precision THEN
        RETURN state;
    END IF;
    IF y = 'Infinity'::double precision OR y = '-Infinity'::double precision THEN
        RAISE EXCEPTION 'Inf input to %()', name;
    END IF;
    RETURN array_append(state, y);
END;
$$;

-- Each aggregate's step: the shared one with its scale and name.
CREATE FUNCTION gesturelab_median_step(state double precision[], y double precision)
RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_step(state, y, 0.5, 1, 'median');
CREATE FUNCTION gesturelab_percentile_step(state double precision[], y double precision, p double precision)
RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_step(state, y, p, 100, 'percentile');
CREATE FUNCTION gesturelab_percentile_cont_step(state double precision[], y double precision, f double precision)
RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_step(state, y, f, 1, 'percentile_cont');
CREATE FUNCTION gesturelab_percentile_disc_step(state double precision[], y double precision, f double precision)
RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_step(state, y, f, 1, 'percentile_disc');

-- The answer from a state: the arithmetic of SQLite's percentCompute, step
-- for step, so the same double.
CREATE FUNCTION gesturelab_percentile_final(state double precision[], discrete boolean)
RETURNS double precision LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    sorted double precision[];
    n bigint;
    position double precision;
    i1 bigint;
    i2 bigint;
BEGIN
    IF state IS NULL OR cardinality(state) < 2 THEN
        RETURN NULL;
    END IF;
    SELECT array_agg(v ORDER BY v) INTO sorted FROM unnest(state[2:]) AS v;
    n := cardinality(sorted);
    position := state[1] * (n - 1)::double precision;
    i1 := trunc(position)::bigint;
    IF discrete THEN
        RETURN sorted[i1 + 1];
    END IF;
    i2 := CASE WHEN position = i1::double precision OR i1 = n - 1 THEN i1 ELSE i1 + 1 END;
    RETURN sorted[i1 + 1] + (sorted[i2 + 1] - sorted[i1 + 1]) * (position - i1::double precision);
END;
$$;

CREATE FUNCTION gesturelab_interpolated(state double precision[])
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_final(state, false);

CREATE FUNCTION gesturelab_lower(state double precision[])
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_final(state, true);

CREATE AGGREGATE median(double precision) (
    SFUNC = gesturelab_median_step, STYPE = double precision[], FINALFUNC = gesturelab_interpolated);
CREATE AGGREGATE percentile(double precision, double precision) (
    SFUNC = gesturelab_percentile_step, STYPE = double precision[], FINALFUNC = gesturelab_interpolated);
-- Beside PostgreSQL's own ordered-set aggregates of the same names, which
-- take WITHIN GROUP: readers put this schema before pg_catalog in the
-- search path, so percentile_cont(y, f) is this one; PostgreSQL's stays
-- reachable as pg_catalog.percentile_cont(f) WITHIN GROUP (ORDER BY y).
CREATE AGGREGATE percentile_cont(double precision, double precision) (
    SFUNC = gesturelab_percentile_cont_step, STYPE = double precision[], FINALFUNC = gesturelab_interpolated);
CREATE AGGREGATE percentile_disc(double precision, double precision) (
    SFUNC = gesturelab_percentile_disc_step, STYPE = double precision[], FINALFUNC = gesturelab_lower);

-- SQLite's group_concat(X) and group_concat(X, SEPARATOR), which the canned
-- queries use, as string_agg under its SQLite name.
CREATE FUNCTION gesturelab_concat_step(state text, value text, separator text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN value IS NULL THEN state
            WHEN state IS NULL THEN value
            ELSE state || coalesce(separator, '') || value END;
CREATE FUNCTION gesturelab_concat_step(state text, value text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_concat_step(state, value, ',');
CREATE AGGREGATE group_concat(text, text) (SFUNC = gesturelab_concat_step, STYPE = text);
CREATE AGGREGATE group_concat(text) (SFUNC = gesturelab_concat_step, STYPE = text);
