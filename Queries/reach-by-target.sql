-- name: reach-by-target
-- description: Touch outcomes per variant and nearest target: touches, how many reached it (the hit-test chose it, or without a recorded hit, the touch-down lay in its hit area), the reach rate, how many landed in its frame and in its hit area, and the miss distance (points from the touch-down to the frame) at p50, p90 and max over all its touches and at p50 over those that did not reach it. Does an enlarged hit area make small targets reachable?
-- param: experiment text = NULL  Only this experiment (default: all).
SELECT experiment,
       variant,
       target,
       count(*) AS n,
       count(*) FILTER (WHERE reached = 1) AS reached,
       CAST(count(*) FILTER (WHERE reached = 1) AS DOUBLE PRECISION) / count(*) AS reach_rate,
       count(*) FILTER (WHERE inside_frame = 1) AS inside_frame,
       count(*) FILTER (WHERE inside_hit_area = 1) AS inside_hit_area,
       percentile(distance_pt, 50) AS distance_p50_pt,
       percentile(distance_pt, 90) AS distance_p90_pt,
       max(distance_pt) AS distance_max_pt,
       percentile(CASE WHEN reached = 0 THEN distance_pt END, 50) AS missed_distance_p50_pt
FROM outcomes
WHERE (:experiment IS NULL OR experiment = :experiment)
GROUP BY experiment, variant, target
ORDER BY experiment, target, variant;
