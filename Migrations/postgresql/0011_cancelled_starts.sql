-- 0011_cancelled_starts: the starts a touch cancelled, found by an index of
-- their own, for `false_starts` (and `false-starts-by-target`).
--
-- `false_starts` keeps the rows of stored_touch_start whose cancel_ns is
-- set: few of a store's starts, or none (a capture without targets). Without
-- this index PostgreSQL reads every start to find them; with it, only the
-- cancelled ones, each then joined to its touch and session by seeks. The
-- index holds only those rows, so it costs a push next to nothing.

CREATE INDEX touch_start_cancelled ON stored_touch_start (session_id, touch, target) WHERE cancel_ns IS NOT NULL;
