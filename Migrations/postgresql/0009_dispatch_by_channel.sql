-- 0009_dispatch_by_channel: each session's dispatches in (target, event,
-- channel) order, as the SQLite store keys stored_dispatch (its migration
-- 0010), for dispatch-by-channel (Queries/postgresql/dispatch-by-channel.sql).
--
-- That query's groups are few and large. With this index PostgreSQL finds
-- each session's (target, event, channel) combinations by one seek each,
-- then reads each combination's rows through it, instead of hashing every
-- dispatch on five names. The latency is left out of the key: with only
-- names after the session, equal keys share one entry (deduplication),
-- which keeps the index small and its upkeep cheaper on every push; the
-- rows it leads to lie close together, since push copies a capture's
-- dispatches session by session.

CREATE INDEX dispatch_by_channel ON dispatch (session_id, target, event, via);
