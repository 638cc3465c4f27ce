-- VAT included in a price (prices include VAT): price × rate / (10000 + rate), rounded half up to the minor
-- unit, in integers only. The same rule as `vatIncluded` in packages/shared/src/vat.ts.
CREATE OR REPLACE FUNCTION guichet_vat_included(price bigint, rate_bp integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN rate_bp <= 0 OR price <= 0 THEN 0::bigint
    ELSE (price * rate_bp * 2 + (10000 + rate_bp)) / (2 * (10000 + rate_bp)) END
$$;
--> statement-breakpoint
-- A ticket's VAT is set when it is written, whatever writes it (checkout, box office, door): its type's
-- rate or the organisation's default when the organisation is registered for VAT, none otherwise. What the
-- writer passed is ignored: the database is the one place this is computed.
CREATE OR REPLACE FUNCTION tickets_set_vat() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rate integer;
BEGIN
  SELECT CASE WHEN s.registered THEN coalesce(t.vat_rate_bp, s.default_rate_bp) ELSE 0 END INTO rate
  FROM organization_vat_settings s
  LEFT JOIN ticket_types t ON t.id = NEW.ticket_type_id
  WHERE s.organization_id = NEW.organization_id;
  NEW.vat_rate_bp := coalesce(rate, 0);
  NEW.vat_minor := guichet_vat_included(NEW.price_minor, NEW.vat_rate_bp);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_set_vat BEFORE INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION tickets_set_vat();
--> statement-breakpoint
-- A sold ticket's VAT never changes: figures read later are the ones computed at sale.
CREATE OR REPLACE FUNCTION tickets_vat_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a ticket''s VAT is fixed when it is sold' USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_vat_frozen BEFORE UPDATE OF vat_rate_bp, vat_minor, price_minor ON tickets
  FOR EACH ROW WHEN (OLD.vat_rate_bp IS DISTINCT FROM NEW.vat_rate_bp OR OLD.vat_minor IS DISTINCT FROM NEW.vat_minor
    OR OLD.price_minor IS DISTINCT FROM NEW.price_minor)
  EXECUTE FUNCTION tickets_vat_frozen();
--> statement-breakpoint
-- A refund's VAT by rate: the amount shared between the order's rates in proportion to their gross (the
-- highest rate takes what rounding leaves), each share's VAT in proportion to the VAT stored on its tickets
-- (half up). A full refund gives back exactly the VAT of the sale.
CREATE OR REPLACE FUNCTION refunds_record_vat() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  remaining bigint := NEW.amount_minor;
  rates integer;
  position integer := 0;
  share bigint;
  line record;
BEGIN
  IF NEW.amount_minor <= 0 THEN
    RETURN NEW;
  END IF;
  SELECT coalesce(sum(price_minor), 0)::bigint, count(DISTINCT vat_rate_bp)::integer INTO total, rates
  FROM tickets WHERE order_id = NEW.order_id AND price_minor > 0;
  IF total <= 0 THEN
    RETURN NEW;
  END IF;
  FOR line IN
    SELECT vat_rate_bp AS rate, sum(price_minor)::bigint AS gross, sum(vat_minor)::bigint AS vat
    FROM tickets WHERE order_id = NEW.order_id AND price_minor > 0
    GROUP BY vat_rate_bp ORDER BY vat_rate_bp
  LOOP
    position := position + 1;
    share := CASE WHEN position = rates THEN remaining ELSE (NEW.amount_minor * line.gross) / total END;
    remaining := remaining - share;
    IF share > 0 THEN
      INSERT INTO refund_vat_lines (refund_id, organization_id, order_id, rate_bp, gross_minor, vat_minor,
        occurred_at)
      VALUES (NEW.id, NEW.organization_id, NEW.order_id, line.rate, share,
        (share * line.vat * 2 + line.gross) / (2 * line.gross), NEW.created_at);
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_record_vat AFTER INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION refunds_record_vat();
--> statement-breakpoint
-- The credit note of a refund of an invoiced order: the next number of the organisation's credit-note
-- series (the counter row is held until the refund's transaction ends, so numbers stay gapless), made out
-- to whom the invoice was, with the refund's VAT by rate. Does nothing when the order has no invoice or the
-- refund has its credit note already. Called by the refund's trigger and when an invoice is issued for an
-- order refunded before.
CREATE OR REPLACE FUNCTION guichet_issue_credit_note(target_refund uuid, issuer uuid) RETURNS uuid
  LANGUAGE plpgsql AS $$
DECLARE
  refund record;
  invoice record;
  next_number bigint;
  created uuid;
BEGIN
  SELECT * INTO refund FROM refunds WHERE id = target_refund;
  IF NOT FOUND OR refund.amount_minor <= 0 OR refund.status = 'failed' THEN
    RETURN NULL;
  END IF;
  SELECT * INTO invoice FROM documents WHERE order_id = refund.order_id AND series = 'invoice';
  IF NOT FOUND OR EXISTS (SELECT 1 FROM documents WHERE refund_id = target_refund) THEN
    RETURN NULL;
  END IF;
  INSERT INTO document_counters (organization_id, series, last_number)
  VALUES (refund.organization_id, 'credit_note', 1)
  ON CONFLICT (organization_id, series) DO UPDATE SET last_number = document_counters.last_number + 1
  RETURNING last_number INTO next_number;
  INSERT INTO documents (id, organization_id, order_id, series, number, reference, amount_minor, currency,
    billed_to, refund_id, vat_lines, issued_by, issued_at)
  VALUES (gen_random_uuid(), refund.organization_id, refund.order_id, 'credit_note', next_number,
    'CN-' || lpad(next_number::text, 6, '0'), refund.amount_minor, refund.currency, invoice.billed_to,
    target_refund,
    coalesce((SELECT jsonb_agg(jsonb_build_object('rateBp', rate_bp, 'grossMinor', gross_minor,
      'vatMinor', vat_minor) ORDER BY rate_bp) FROM refund_vat_lines WHERE refund_id = target_refund),
      '[]'::jsonb),
    issuer, now())
  RETURNING id INTO created;
  RETURN created;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refunds_issue_credit_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_issue_credit_note(NEW.id, NEW.created_by);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- After the VAT trigger (triggers of one event fire in name order): the credit note carries the VAT lines.
CREATE TRIGGER refunds_vat_credit_note AFTER INSERT ON refunds FOR EACH ROW
  EXECUTE FUNCTION refunds_issue_credit_note();
