-- 0010_one_name_per_relation: each relation a user's SQL reads has one
-- name, as in the SQLite store (its migration 0013).
--
-- The server kept the derived relations in tables named like SQLite's
-- middle views (`response`, `touch`, …) beside the views users query
-- (`responses`, `touches`, …): names one letter apart holding the same
-- rows. Those SQLite views are gone, so the tables here take the names of
-- SQLite's tables, `stored_response` and the rest: they are how the server
-- keeps the relations, and `query`, `export` and the docs no longer offer
-- them. A view reads its tables by identity, not by name, so every view
-- reads the renamed tables unchanged; only `touches` is made again, to
-- gain `hit` after `kind` as SQLite's does.
--
-- `touch_sample`, `transition` and `delivery` (the records as captured)
-- keep their names: they are the relations users query on both engines.

ALTER TABLE touch RENAME TO stored_touch;
ALTER TABLE response RENAME TO stored_response;
ALTER TABLE recognition RENAME TO stored_recognition;
ALTER TABLE dispatch RENAME TO stored_dispatch;
ALTER TABLE target RENAME TO stored_target;
ALTER TABLE outcome RENAME TO stored_outcome;
ALTER TABLE touch_start RENAME TO stored_touch_start;

DROP VIEW touches;
CREATE VIEW touches AS
SELECT capture.file_name AS capture, session.session, session.experiment, session.variant,
       touch.touch, touch.down_ns, touch.x, touch.y, touch.region, touch.kind, touch.hit, touch.line,
       capture.id AS capture_id, session.id AS session_id
FROM stored_touch AS touch
JOIN session ON session.id = touch.session_id
JOIN capture ON capture.id = session.capture_id;
