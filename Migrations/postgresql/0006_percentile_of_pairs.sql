-- 0006_percentile_of_pairs: percentile(Y, P), percentile_cont(Y, F) and
-- percentile_disc(Y, F) in O(n log n) for gesturelab's reading connection,
-- with the answers and messages they had.
--
-- 0001's two-argument aggregates keep their values in a PL/pgSQL step's
-- double precision[], which PostgreSQL copies on every row: O(n^2). Without
-- a C extension no aggregate that takes (Y, P) can avoid that (median could,
-- 0004, because array_append takes one value). So the reading connection
-- rewrites each call in the SQL it sends (see docs/postgresql.md):
--
--     percentile(Y, P) FILTER (...) OVER (...)
--  -> percentile(pg_catalog.array_agg(gesturelab_pair(Y, P)) FILTER (...) OVER (...))
--
-- array_agg keeps its rows in an internal state that grows in place; its
-- result is the group's (Y, P) pairs in row order, an n x 2 array, and the
-- functions below do once per group what 0001's step did per row, then sort
-- once. The 0001 aggregates stay, unchanged, for SQL that is not rewritten
-- (psql, DISTINCT or ORDER BY inside the call).

-- One row's pair; the same argument types as the aggregates, so the same
-- conversions (an unknown literal such as '50' becomes a double). A plain
-- SQL expression, so the planner inlines it.
CREATE FUNCTION gesturelab_pair(y double precision, p double precision)
RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ARRAY[y, p];

-- The answer from a group's pairs: the first failing row, in row order, gets
-- 0001's step's message (fraction out of range, fraction changed, then an
-- infinite Y, in that order within a row); NULL and NaN values are skipped;
-- then the arithmetic of gesturelab_percentile_final on the first row's
-- fraction, so the same double, from the one or two values it needs. The checks are whole-array comparisons
-- (C speed) unless one fails; only then does it look for the failing row.
CREATE FUNCTION gesturelab_percentile_of_pairs(pairs double precision[], max_fraction double precision,
                                               name text, discrete boolean)
RETURNS double precision LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    ys double precision[];
    fractions double precision[];
    rows integer;
    first_fraction double precision;
    out_of_range bigint;
    changed bigint;
    infinite bigint;
    failing bigint;
    v1 double precision;
    v2 double precision;
    n bigint;
    position double precision;
    i1 bigint;
    i2 bigint;
BEGIN
    IF pairs IS NULL THEN
        RETURN NULL;
    END IF;
    rows := array_length(pairs, 1);
    ys := pairs[:][1:1];
    fractions := pairs[:][2:2];
    first_fraction := pairs[1][2] / max_fraction;
    IF NOT coalesce(first_fraction >= 0 AND first_fraction <= 1, false)
       OR fractions IS DISTINCT FROM array_fill(pairs[1][2], ARRAY[rows, 1])
       OR 'Infinity'::double precision = ANY (ys) OR '-Infinity'::double precision = ANY (ys) THEN
        SELECT min(i) FILTER (WHERE NOT coalesce(p / max_fraction >= 0 AND p / max_fraction <= 1, false)),
               min(i) FILTER (WHERE NOT coalesce(first_fraction - p / max_fraction >= -0.001
                                                 AND first_fraction - p / max_fraction <= 0.001, false)),
               min(i) FILTER (WHERE y = 'Infinity'::double precision OR y = '-Infinity'::double precision)
          INTO out_of_range, changed, infinite
          FROM unnest(ys, fractions) WITH ORDINALITY AS t(y, p, i);
        failing := least(out_of_range, changed, infinite);
        IF failing = out_of_range THEN
            RAISE EXCEPTION 'the fraction argument to %() is not between 0.0 and %.0', name, max_fraction::bigint;
        ELSIF failing = changed THEN
            RAISE EXCEPTION 'the fraction argument to %() is not the same for all input rows', name;
        ELSIF failing IS NOT NULL THEN
            RAISE EXCEPTION 'Inf input to %()', name;
        END IF;
    END IF;
    -- unnest in the select list streams (in FROM it would be stored first).
    SELECT count(*) INTO n FROM (SELECT unnest(ys) AS y) AS s WHERE y <> 'NaN'::double precision;
    IF n = 0 THEN
        RETURN NULL;
    END IF;
    position := first_fraction * (n - 1)::double precision;
    i1 := trunc(position)::bigint;
    i2 := CASE WHEN discrete OR position = i1::double precision OR i1 = n - 1 THEN i1 ELSE i1 + 1 END;
    -- The one or two values at i1 and i2 of the sorted values, from the
    -- nearer end: a LIMIT keeps the sort to a heap of that many values.
    IF i1 <= n - 1 - i2 THEN
        SELECT min(y), max(y) INTO v1, v2 FROM (
            SELECT y FROM (SELECT unnest(ys) AS y) AS s WHERE y <> 'NaN'::double precision
            ORDER BY y LIMIT i2 - i1 + 1 OFFSET i1) AS neighbours;
    ELSE
        SELECT min(y), max(y) INTO v1, v2 FROM (
            SELECT y FROM (SELECT unnest(ys) AS y) AS s WHERE y <> 'NaN'::double precision
            ORDER BY y DESC LIMIT i2 - i1 + 1 OFFSET n - 1 - i2) AS neighbours;
    END IF;
    IF discrete THEN
        RETURN v1;
    END IF;
    RETURN v1 + (v2 - v1) * (position - i1::double precision);
END;
$$;

-- Under the aggregates' own names, so a rewritten call's column is still
-- called percentile (or percentile_cont, percentile_disc). One argument, an
-- array, where the aggregates take two doubles: no call is ambiguous.
CREATE FUNCTION percentile(pairs double precision[])
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_of_pairs(pairs, 100, 'percentile', false);
CREATE FUNCTION percentile_cont(pairs double precision[])
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_of_pairs(pairs, 1, 'percentile_cont', false);
CREATE FUNCTION percentile_disc(pairs double precision[])
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN gesturelab_percentile_of_pairs(pairs, 1, 'percentile_disc', true);
