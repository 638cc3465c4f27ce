-- The invoice a buyer asked for at checkout (`orders.billing`), issued when the order is paid, in the
-- payment's transaction whatever pays it (a free order at once, an offline one marked paid, a card one by
-- Stripe's webhook): the next number of the organisation's invoice series (the counter row is held until
-- that transaction ends, so numbers stay gapless), the order's amount, VAT by rate from its tickets, made
-- out to the company given. Does nothing when the order is not paid, asked for no invoice or has one.
CREATE OR REPLACE FUNCTION guichet_issue_invoice(target_order uuid) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  placed record;
  next_number bigint;
  created uuid;
BEGIN
  SELECT * INTO placed FROM orders WHERE id = target_order;
  IF NOT FOUND OR placed.billing IS NULL OR placed.paid_at IS NULL THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM documents WHERE order_id = target_order AND series = 'invoice') THEN
    RETURN NULL;
  END IF;
  INSERT INTO document_counters (organization_id, series, last_number)
  VALUES (placed.organization_id, 'invoice', 1)
  ON CONFLICT (organization_id, series) DO UPDATE SET last_number = document_counters.last_number + 1
  RETURNING last_number INTO next_number;
  created := gen_random_uuid();
  INSERT INTO documents (id, organization_id, order_id, series, number, reference, amount_minor, currency,
    billed_to, vat_lines, issued_by, issued_at)
  VALUES (created, placed.organization_id, placed.id, 'invoice', next_number,
    'INV-' || lpad(next_number::text, 6, '0'), placed.total_minor, placed.currency,
    jsonb_strip_nulls(jsonb_build_object('name', placed.billing->>'name', 'email', placed.buyer_email,
      'address', placed.billing->>'address', 'vatNumber', placed.billing->>'vatNumber')),
    coalesce((SELECT jsonb_agg(jsonb_build_object('rateBp', line.rate_bp, 'grossMinor', line.gross,
      'vatMinor', line.vat) ORDER BY line.rate_bp) FROM (
        SELECT vat_rate_bp AS rate_bp, sum(price_minor)::bigint AS gross, sum(vat_minor)::bigint AS vat
        FROM tickets WHERE order_id = placed.id AND price_minor > 0 GROUP BY vat_rate_bp) line),
      '[]'::jsonb),
    NULL, now());
  INSERT INTO audit_log (id, organization_id, action, target_type, target_id, after)
  VALUES (gen_random_uuid(), placed.organization_id, 'order.invoice-issued', 'order', placed.id::text,
    jsonb_build_object('reference', 'INV-' || lpad(next_number::text, 6, '0'),
      'amountMinor', placed.total_minor, 'currency', placed.currency));
  RETURN created;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_issue_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_issue_invoice(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- AFTER, at the end of the statement: the checkout's single statement writes the order and its tickets
-- together, and the invoice's VAT lines are read from those tickets.
CREATE TRIGGER orders_issue_invoice AFTER INSERT OR UPDATE OF paid_at ON orders FOR EACH ROW
  WHEN (NEW.billing IS NOT NULL AND NEW.paid_at IS NOT NULL)
  EXECUTE FUNCTION orders_issue_invoice();
--> statement-breakpoint
-- A credit note documents money given back: it is issued once the refund succeeded (a card refund when
-- Stripe accepts it, the others at once), never for one pending or refused. So a refund Stripe refuses
-- leaves no credit note to undo, and no number of the series is spent on it.
CREATE OR REPLACE FUNCTION guichet_issue_credit_note(target_refund uuid, issuer uuid) RETURNS uuid
  LANGUAGE plpgsql AS $$
DECLARE
  refund record;
  invoice record;
  next_number bigint;
  created uuid;
BEGIN
  SELECT * INTO refund FROM refunds WHERE id = target_refund;
  IF NOT FOUND OR refund.amount_minor <= 0 OR refund.status <> 'succeeded' THEN
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
-- A pending (card) refund gets its credit note in the transaction that records Stripe's acceptance.
CREATE TRIGGER refunds_succeeded_credit_note AFTER UPDATE OF status ON refunds FOR EACH ROW
  WHEN (OLD.status = 'pending' AND NEW.status = 'succeeded')
  EXECUTE FUNCTION refunds_issue_credit_note();
