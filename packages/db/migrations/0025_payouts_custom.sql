-- Closed periods: a ledger row dated before the organisation's closing boundary is refused when it is a
-- manual adjustment (recorded by a staff member), and dated at the boundary otherwise (a fact Stripe tells
-- late, such as a processor fee or a payout, lands on the first open day instead of changing a closed one).
-- The closing row is read FOR SHARE: a closing being committed makes the insert wait and then see it.
CREATE OR REPLACE FUNCTION ledger_entries_closed_period() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  boundary timestamptz;
BEGIN
  SELECT closed_before INTO boundary FROM finance_period_closings
    WHERE organization_id = NEW.organization_id FOR SHARE;
  IF boundary IS NULL OR NEW.occurred_at >= boundary THEN
    RETURN NEW;
  END IF;
  IF NEW.kind = 'adjustment' AND NEW.recorded_by IS NOT NULL THEN
    RAISE EXCEPTION 'period-closed: the ledger is closed before %', boundary USING ERRCODE = 'P0001';
  END IF;
  NEW.occurred_at := boundary;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_closed_period BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_closed_period();
--> statement-breakpoint
-- A closing only moves forward.
ALTER TABLE finance_period_closings ADD CONSTRAINT finance_period_closings_forward
  CHECK ((closed_through IS NULL) = (closed_before IS NULL));
