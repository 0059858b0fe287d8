-- 0004_dropped_events: how many events each session's recorder dropped.
--
-- A recorder in an app never makes the app wait: when its buffer is full it
-- discards events and says so in `dropped` records (count, and per record
-- type). A session with drops may have lost exactly the slow touches, so
-- analyses need to know. Imports add every `dropped` record's count to its
-- session's total here; `sessions` shows it, and `compare` notes when a
-- group drew on sessions with drops. Sessions stored before this migration
-- came from captures whose readers skipped `dropped` lines: they count 0.

ALTER TABLE session ADD COLUMN dropped INTEGER NOT NULL DEFAULT 0 CHECK (dropped >= 0);
