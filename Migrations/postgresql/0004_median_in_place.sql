-- 0004_median_in_place: median(Y) in O(n log n), with the answers and
-- messages it had.
--
-- 0001's aggregates keep their values in a double precision[] built by a
-- PL/pgSQL step. PostgreSQL hands a non-C step's result back to the
-- aggregate as a new value and copies it, so every row copies every value
-- seen before: O(n^2) for a group of n, minutes for a million values (see
-- docs/postgresql.md). The one step that appends in place is the built-in
-- array_append, which knows when an aggregate calls it and then grows the
-- state where it lies. It takes the state and one value, so it can be the
-- step of median(Y) only: the two-argument aggregates would need a step that
-- also takes the fraction, and none of PostgreSQL's own functions is one.
--
-- So median's step is array_append, NULLs included, and the final function
-- does what 0001's step did per row: skips NULL and NaN (SQLite stores NaN
-- as NULL), refuses an infinity ("Inf input to median()"), then sorts once
-- and computes as gesturelab_percentile_final does, step for step. A final
-- function does not change the state, so median stays usable as a window
-- function.

DROP AGGREGATE median(double precision);
DROP FUNCTION gesturelab_median_step(double precision[], double precision);

CREATE FUNCTION gesturelab_median_final(state double precision[])
RETURNS double precision LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    sorted double precision[];
    infinite boolean;
    n bigint;
    position double precision;
    i1 bigint;
    i2 bigint;
BEGIN
    IF state IS NULL THEN
        RETURN NULL;
    END IF;
    SELECT array_agg(v ORDER BY v) FILTER (WHERE v <> 'NaN'::double precision),
           bool_or(v = 'Infinity'::double precision OR v = '-Infinity'::double precision)
      INTO sorted, infinite
      FROM unnest(state) AS v;
    IF infinite THEN
        RAISE EXCEPTION 'Inf input to median()';
    END IF;
    n := coalesce(cardinality(sorted), 0);
    IF n = 0 THEN
        RETURN NULL;
    END IF;
    position := 0.5::double precision * (n - 1)::double precision;
    i1 := trunc(position)::bigint;
    i2 := CASE WHEN position = i1::double precision OR i1 = n - 1 THEN i1 ELSE i1 + 1 END;
    RETURN sorted[i1 + 1] + (sorted[i2 + 1] - sorted[i1 + 1]) * (position - i1::double precision);
END;
$$;

CREATE AGGREGATE median(double precision) (
    SFUNC = pg_catalog.array_append, STYPE = double precision[], FINALFUNC = gesturelab_median_final);
