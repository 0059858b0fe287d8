-- 0007_session_app: the app (and build) that recorded each session, as the
-- SQLite store keeps it (its migration 0012).
--
-- A session record may name its app (`app.name`, `app.version`,
-- `app.build`: the bundle's CFBundleName, CFBundleShortVersionString and
-- CFBundleVersion), which `compare --by app.build` and `--where` split and
-- filter on. Push copies the three columns.

ALTER TABLE session ADD COLUMN app_name text;
ALTER TABLE session ADD COLUMN app_version text;
ALTER TABLE session ADD COLUMN app_build text;
