-- The ledger is append-only: an UPDATE is always refused, a DELETE too, unless it comes with the deletion of
-- the whole organisation (the foreign keys' cascade runs after the organisation's row is gone).
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Backfill from the money already recorded: each payment is a sale and the money received (by its method),
-- less the platform's fee on card payments; each refund with an amount goes back out, and a refund the
-- processor refused is reversed.
INSERT INTO ledger_entries (id, organization_id, order_id, event_id, payment_id, kind, method, amount_minor,
  currency, occurred_at, recorded_by, reference)
SELECT gen_random_uuid(), p.organization_id, p.order_id, o.event_id, p.id, k.kind, p.provider, k.amount,
  p.currency, p.created_at, p.created_by, p.stripe_payment_intent_id
FROM payments p
JOIN orders o ON o.id = p.order_id
CROSS JOIN LATERAL (VALUES
  ('sale', p.amount_minor),
  (CASE p.provider WHEN 'stripe' THEN 'card_payment' WHEN 'offline' THEN 'offline_payment'
     ELSE 'box_office_payment' END, p.amount_minor),
  ('platform_fee', -p.application_fee_minor)
) AS k(kind, amount)
WHERE k.amount <> 0;
--> statement-breakpoint
INSERT INTO ledger_entries (id, organization_id, order_id, event_id, payment_id, refund_id, kind, method,
  amount_minor, currency, occurred_at, recorded_by, reference, reason)
SELECT gen_random_uuid(), r.organization_id, r.order_id, o.event_id, r.payment_id, r.id, 'refund', r.provider,
  -r.amount_minor, r.currency, r.created_at, r.created_by, r.stripe_refund_id, r.reason
FROM refunds r
JOIN orders o ON o.id = r.order_id
WHERE r.amount_minor > 0;
--> statement-breakpoint
INSERT INTO ledger_entries (id, organization_id, order_id, event_id, payment_id, refund_id, kind, method,
  amount_minor, currency, occurred_at, reference, reason)
SELECT gen_random_uuid(), r.organization_id, r.order_id, o.event_id, r.payment_id, r.id, 'refund_reversal',
  r.provider, r.amount_minor, r.currency, r.updated_at, r.stripe_refund_id, r.failure_message
FROM refunds r
JOIN orders o ON o.id = r.order_id
WHERE r.amount_minor > 0 AND r.status = 'failed';
