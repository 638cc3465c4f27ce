-- An issued receipt or invoice still never changes, with one exception: erasing a person (the right to
-- erasure) replaces whom it was made out to. Only `billed_to` may change, and only inside a transaction
-- that declared the erasure with set_config('guichet.erasure', 'on', true); number, amount and currency
-- stay as issued.
CREATE OR REPLACE FUNCTION documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('guichet.erasure', true), '') = 'on'
    AND (to_jsonb(NEW) - 'billed_to') = (to_jsonb(OLD) - 'billed_to') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'issued documents never change: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
-- The ledger stays append-only; an erasure may only take the person's name out of an entry's free-text
-- reason (a refund's reason as staff typed it). Amounts, kinds, dates and references never change.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('guichet.erasure', true), '') = 'on'
    AND (to_jsonb(NEW) - 'reason') = (to_jsonb(OLD) - 'reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;
