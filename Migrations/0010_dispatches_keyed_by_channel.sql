-- 0010_dispatches_keyed_by_channel: each session's dispatches stored in
-- channel order, so the table itself serves dispatch-by-channel and the
-- index that did (0007, 0008) goes.
--
-- `stored_dispatch` was keyed by (session, t, line), the delivery's key,
-- and the `dispatch_by_channel` index held every row again by (session,
-- target, event, via, latency): two B-trees written per dispatch, on a pan
-- capture a dispatch for two deliveries in three. The index alone was 13 %
-- of a 12 M-record pan store and the table another 19 %, the same rows
-- twice. Keyed by (session, target, event, via, latency, t, line) the
-- table is that index with the other columns beside it: dispatch-by-channel
-- seeks each (session, target, event, via) run of latencies in it as it
-- did in the index, and an import writes one B-tree a dispatch instead of
-- two (BENCHMARKS.md, 2026-11-24). The key still holds (session, t, line),
-- which is the delivery's own key and so unique by itself.
--
-- Reading `dispatch` or `dispatches` without ORDER BY now gives each
-- session's rows by channel and latency rather than by time; every canned
-- query, `compare` and the report order what they print.
--
-- The rows are copied to a temporary table and back so that the table is
-- created under its own name (a renamed table's SQL would keep a quoted
-- name). The views over it are made again exactly as 0008 made them.

CREATE TEMP TABLE dispatch_rows AS SELECT * FROM stored_dispatch;

DROP VIEW dispatches;
DROP VIEW dispatch;
DROP TABLE stored_dispatch;

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
    PRIMARY KEY (session_id, target_id, event_id, via_id, latency_ns, t_ns, line)
) STRICT, WITHOUT ROWID;

INSERT INTO stored_dispatch
SELECT * FROM temp.dispatch_rows
ORDER BY session_id, target_id, event_id, via_id, latency_ns, t_ns, line;

DROP TABLE temp.dispatch_rows;

CREATE VIEW dispatch AS
SELECT session_id, t_ns, line, (SELECT text FROM name WHERE id = target_id) AS target,
       (SELECT text FROM name WHERE id = event_id) AS event, (SELECT text FROM name WHERE id = via_id) AS via,
       touch, transition_ns, latency_ns, (SELECT text FROM name WHERE id = region_id) AS region
FROM stored_dispatch;

CREATE VIEW dispatches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       dispatch.touch, dispatch.region, dispatch.target, dispatch.event, dispatch.via,
       dispatch.latency_ns / 1e6 AS latency_ms,
       dispatch.transition_ns, dispatch.t_ns, dispatch.latency_ns, dispatch.line,
       capture.id AS capture_id, dispatch.session_id
FROM dispatch
JOIN session ON session.id = dispatch.session_id
JOIN capture ON capture.id = session.capture_id;
