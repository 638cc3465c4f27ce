-- The pieces of [lo, hi) read from the roll-up (decision 036), now signed: a partial unit at an edge is
-- either covered from the inside by finer units (sign 1), or taken whole and the part of it outside
-- [lo, hi) subtracted, covered by finer units (sign -1), whichever spans less time. A year's split by
-- event ending today reads its last month whole (the days after today hold nothing) instead of up to 30
-- days of rows per event and kind; a Paris week's last day is that day less one hour instead of 23 hours.
-- Sums of amounts and counts are exact either way. Units are UTC (coarsest first: month, day, hour);
-- 'raw' pieces are ledger rows at the edges that no unit covers. Empty ranges are never recursed into:
-- each call of a PL/pgSQL function from another is a query of its own.
CREATE OR REPLACE FUNCTION ledger_rollup_signed_cover(lo timestamptz, hi timestamptz, grains text[])
RETURNS TABLE (grain text, range_lo timestamptz, range_hi timestamptz, sign int)
LANGUAGE plpgsql STABLE ROWS 3 AS $$
DECLARE
  unit text := grains[1];
  finer text[] := grains[2:];
  step interval;
  lo_floor timestamptz;
  lo_ceil timestamptz;
  hi_floor timestamptz;
  hi_ceil timestamptz;
  a timestamptz;
  b timestamptz;
BEGIN
  IF lo IS NULL OR hi IS NULL OR lo >= hi THEN
    RETURN;
  END IF;
  IF unit IS NULL THEN
    grain := 'raw'; range_lo := lo; range_hi := hi; sign := 1;
    RETURN NEXT;
    RETURN;
  END IF;
  step := ('1 ' || unit)::interval;
  lo_floor := date_trunc(unit, lo, 'UTC');
  lo_ceil := CASE WHEN lo_floor = lo THEN lo ELSE ((lo_floor AT TIME ZONE 'UTC') + step) AT TIME ZONE 'UTC' END;
  hi_floor := date_trunc(unit, hi, 'UTC');
  hi_ceil := CASE WHEN hi_floor = hi THEN hi ELSE ((hi_floor AT TIME ZONE 'UTC') + step) AT TIME ZONE 'UTC' END;
  IF lo_ceil > hi_floor THEN
    -- [lo, hi) lies inside one unit: that unit less both outside parts, or finer units inside.
    IF (lo - lo_floor) + (hi_ceil - hi) < (hi - lo) THEN
      grain := unit; range_lo := lo_floor; range_hi := hi_ceil; sign := 1;
      RETURN NEXT;
      IF lo_floor < lo THEN
        RETURN QUERY SELECT c.grain, c.range_lo, c.range_hi, -c.sign FROM ledger_rollup_signed_cover(lo_floor, lo, finer) c;
      END IF;
      IF hi < hi_ceil THEN
        RETURN QUERY SELECT c.grain, c.range_lo, c.range_hi, -c.sign FROM ledger_rollup_signed_cover(hi, hi_ceil, finer) c;
      END IF;
    ELSE
      RETURN QUERY SELECT * FROM ledger_rollup_signed_cover(lo, hi, finer);
    END IF;
    RETURN;
  END IF;
  -- Whole units [a, b): those inside, widened to a partial edge unit whose outside part is the shorter.
  a := CASE WHEN lo < lo_ceil AND (lo - lo_floor) < (lo_ceil - lo) THEN lo_floor ELSE lo_ceil END;
  b := CASE WHEN hi_floor < hi AND (hi_ceil - hi) < (hi - hi_floor) THEN hi_ceil ELSE hi_floor END;
  IF a >= b THEN
    RETURN QUERY SELECT * FROM ledger_rollup_signed_cover(lo, hi, finer);
    RETURN;
  END IF;
  grain := unit; range_lo := a; range_hi := b; sign := 1;
  RETURN NEXT;
  IF a < lo THEN
    RETURN QUERY SELECT c.grain, c.range_lo, c.range_hi, -c.sign FROM ledger_rollup_signed_cover(a, lo, finer) c;
  ELSIF lo < a THEN
    RETURN QUERY SELECT * FROM ledger_rollup_signed_cover(lo, a, finer);
  END IF;
  IF hi < b THEN
    RETURN QUERY SELECT c.grain, c.range_lo, c.range_hi, -c.sign FROM ledger_rollup_signed_cover(hi, b, finer) c;
  ELSIF b < hi THEN
    RETURN QUERY SELECT * FROM ledger_rollup_signed_cover(b, hi, finer);
  END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_rollup_cover(timestamptz, timestamptz, text[]);
