-- 0008_session_totals: how many touches, transitions, deliveries and
-- frames each session holds, counted once when its capture is pushed, for
-- `gesturelab sessions` (Queries/postgresql/sessions.sql).
--
-- `sessions` shows the four counts of every session. Counted per session
-- by the primary keys, as SQLite counts them, they mean stepping through
-- every index entry of the four tables on each run, which PostgreSQL does
-- several times slower than SQLite: with millions of records most of the
-- command (docs/postgresql.md). A session's records never change once
-- pushed (push adds whole captures; a session's rows go only with it), so
-- push writes the counts in the capture's own transaction, from the rows
-- the server then holds. This table has no counterpart in SQLite stores.
--
-- The counts of the sessions already stored are taken here.

CREATE TABLE session_totals (
    session_id   bigint PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    touches      bigint NOT NULL,
    transitions  bigint NOT NULL,
    deliveries   bigint NOT NULL,
    frames       bigint NOT NULL
);

INSERT INTO session_totals (session_id, touches, transitions, deliveries, frames)
SELECT session.id,
       (SELECT count(*) FROM touch WHERE touch.session_id = session.id),
       (SELECT count(*) FROM transition WHERE transition.session_id = session.id),
       (SELECT count(*) FROM delivery WHERE delivery.session_id = session.id),
       (SELECT count(*) FROM frame WHERE frame.session_id = session.id)
FROM session;
