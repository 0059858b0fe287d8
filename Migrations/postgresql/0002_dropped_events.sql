-- 0002_dropped_events: how many events each session's recorder dropped, as
-- the SQLite store keeps it (its migration 0004).
--
-- A recorder in an app never makes the app wait: when its buffer is full it
-- discards events and says so in `dropped` records. Imports add every such
-- record's count to its session's total; push copies the total; `sessions`
-- shows it and `compare` notes when a group drew on sessions with drops.

ALTER TABLE session ADD COLUMN dropped bigint NOT NULL DEFAULT 0 CHECK (dropped >= 0);
