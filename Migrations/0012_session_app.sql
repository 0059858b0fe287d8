-- 0012_session_app: the app (and build) that recorded each session.
--
-- A session record may name its app: `app.name`, `app.version` and
-- `app.build`, the bundle's CFBundleName, CFBundleShortVersionString and
-- CFBundleVersion. Comparing builds is the commonest question a team asks
-- of its captures (did build 42 regress p95?), so they are columns of the
-- session, split and filtered on like its device (`--by app.build`,
-- `--where app.version=2.3`). Sessions stored before this migration came
-- from readers that skipped `app`: theirs are NULL.

ALTER TABLE session ADD COLUMN app_name TEXT;
ALTER TABLE session ADD COLUMN app_version TEXT;
ALTER TABLE session ADD COLUMN app_build TEXT;
