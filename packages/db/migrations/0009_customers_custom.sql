-- Consent is an append-only history: a recorded grant or withdrawal is never rewritten.
CREATE FUNCTION customer_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'customer_consents is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_consents_no_update BEFORE UPDATE ON customer_consents
  FOR EACH ROW EXECUTE FUNCTION customer_consents_append_only();
--> statement-breakpoint
-- Every buyer of an order that went past the reservation becomes a customer, one per organisation and
-- e-mail (case-insensitive); the checkout already created those whose orders were paid or pending.
INSERT INTO customers (id, organization_id, email, name, first_order_at, last_order_at, order_count,
  total_spent_minor, currency, language)
SELECT gen_random_uuid(), organization_id,
  (array_agg(buyer_email ORDER BY created_at DESC))[1],
  (array_agg(buyer_name ORDER BY created_at DESC))[1],
  min(created_at), max(created_at), 0, 0,
  (array_agg(currency ORDER BY created_at DESC))[1],
  (array_agg(locale ORDER BY created_at DESC))[1]
FROM orders
WHERE status IN ('paid', 'pending_payment', 'cancelled')
GROUP BY organization_id, lower(buyer_email)
ON CONFLICT (organization_id, lower(email)) DO NOTHING;
--> statement-breakpoint
-- First seen is the earliest order of any kind, not only the first one counted.
UPDATE customers SET first_order_at = first.at
FROM (SELECT organization_id, lower(buyer_email) AS email, min(created_at) AS at FROM orders
      WHERE status <> 'expired' GROUP BY organization_id, lower(buyer_email)) AS first
WHERE customers.organization_id = first.organization_id AND lower(customers.email) = first.email
  AND first.at < customers.first_order_at;
