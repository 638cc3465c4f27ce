-- The roll-up's watermark (decision 036): nothing is folded yet; the job's first runs fold the existing
-- rows (the backfill), in batches, while reads add the rows not folded yet from the ledger itself.
INSERT INTO ledger_rollup_state (id, folded_seq) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- The pieces of [lo, hi) that whole UTC units of `grains` (coarsest first: month, day, hour) cover, and the
-- 'raw' pieces left at the edges that no whole unit covers: the largest units in the middle, finer ones
-- towards the edges. Units are added in UTC (not in the session's zone, where a month or a day can be
-- 23 or 25 hours long).
CREATE OR REPLACE FUNCTION ledger_rollup_cover(lo timestamptz, hi timestamptz, grains text[])
RETURNS TABLE (grain text, range_lo timestamptz, range_hi timestamptz)
LANGUAGE plpgsql STABLE ROWS 3 AS $$
DECLARE
  unit text := grains[1];
  first_unit timestamptz;
  last_unit timestamptz;
BEGIN
  IF lo IS NULL OR hi IS NULL OR lo >= hi THEN
    RETURN;
  END IF;
  IF unit IS NULL THEN
    grain := 'raw'; range_lo := lo; range_hi := hi;
    RETURN NEXT;
    RETURN;
  END IF;
  first_unit := date_trunc(unit, lo, 'UTC');
  IF first_unit < lo THEN
    first_unit := ((first_unit AT TIME ZONE 'UTC') + ('1 ' || unit)::interval) AT TIME ZONE 'UTC';
  END IF;
  last_unit := date_trunc(unit, hi, 'UTC');
  IF first_unit >= last_unit THEN
    RETURN QUERY SELECT * FROM ledger_rollup_cover(lo, hi, grains[2:]);
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM ledger_rollup_cover(lo, first_unit, grains[2:]);
  grain := unit; range_lo := first_unit; range_hi := last_unit;
  RETURN NEXT;
  RETURN QUERY SELECT * FROM ledger_rollup_cover(last_unit, hi, grains[2:]);
END
$$;
