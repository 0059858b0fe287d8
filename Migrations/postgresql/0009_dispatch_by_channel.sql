-- 0009_dispatch_by_channel: each session's dispatches in (target, event,
-- channel) order, as the SQLite store keys stored_dispatch (its migration
-- 0010), for dispatch-by-channel (Queries/postgresql/dispatch-by-channel.sql).
--
-- That query's groups are few and large. With this index PostgreSQL finds
-- the (session, target, event, channel) combinations by one seek each and
-- reads each group's latencies from the index alone, session by session,
-- instead of hashing every dispatch on five names. Every push keeps it, at
-- the cost of a second index entry per dispatch row copied.

CREATE INDEX dispatch_by_channel ON dispatch (session_id, target, event, via, latency_ns);
