-- 0007_dispatch_by_channel: each session's dispatches by channel, so the
-- dispatch-by-channel query reads them group by group instead of sorting
-- every dispatch of the store.
--
-- The query groups by the session's experiment and variant and the row's
-- target, event and via. SQLite groups by sorting, and those five text
-- columns are equal on most neighbouring rows of a dispatch-heavy store
-- (a pan delivers `changed` on every move), so each of the sort's
-- comparisons runs through all five: 12.6 s for a 12 M-record pan-shaped
-- capture, where every other canned query took 2.1 s or less. With this
-- index the query finds each (session, target, event, via) run of
-- dispatches by a seek and reads its latencies from the index alone
-- (Queries/dispatch-by-channel.sql says how). Its cost is at import: one
-- more B-tree to write per dispatch row, in session order (BENCHMARKS.md,
-- 2026-11-24).

CREATE INDEX dispatch_by_channel ON dispatch(session_id, target, event, via, latency_ns);
