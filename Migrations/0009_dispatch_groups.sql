-- 0009_dispatch_groups: the groups dispatch-by-channel reports, one row
-- each, so the query aggregates group by group without sorting.
--
-- dispatch-by-channel groups every dispatch by the session's experiment
-- and variant and the row's target, event and via. Its groups are few (a
-- dozen in a pan experiment) and large, and SQLite 3.40 groups by sorting
-- whatever the loop order: with the group list made inside the query (a
-- CTE), its sorter took 1.2 s of the query's 2.8 s on 12 M pan records
-- (3.26 M dispatches), though the rows already arrived group by group.
-- With the groups in a table scanned in rowid order and the aggregates
-- grouped by that rowid, SQLite sees that the rows come grouped and does
-- not sort (BENCHMARKS.md, 2026-11-24).
--
-- Each import adds the groups of its capture's dispatches (INSERT OR IGNORE,
-- in its own transaction). A group is never deleted: one whose dispatches
-- are gone (none are, today) yields no row in the query, since an
-- aggregate grouped by a key with no rows has no row. The names are the
-- `name` keys of migration 0008, without a foreign key for the reason given
-- there. Experiment and variant are the session's text, as `session`
-- holds them.

CREATE TABLE stored_dispatch_group (
    id          INTEGER PRIMARY KEY,
    experiment  TEXT NOT NULL,
    variant     TEXT NOT NULL,
    target_id   INTEGER NOT NULL,
    event_id    INTEGER NOT NULL,
    via_id      INTEGER NOT NULL,
    UNIQUE (experiment, variant, target_id, event_id, via_id)
) STRICT;

INSERT INTO stored_dispatch_group (experiment, variant, target_id, event_id, via_id)
SELECT DISTINCT session.experiment, session.variant, dispatch.target_id, dispatch.event_id, dispatch.via_id
FROM session
CROSS JOIN stored_dispatch AS dispatch ON dispatch.session_id = session.id
ORDER BY 1, 2, 3, 4, 5;
