-- orders.buyer_since and buyer_customer_id (decision 041): the first_order_at and id of the customer
-- record with the order's e-mail, copied onto paid orders by the leader's job (settleBuyerSince) and read
-- by the dashboard in place of a probe per buyer. A copy is never stale: whatever changes what it copied sets it back to null (readers
-- look a null up), here. The job and these triggers take the same transaction-scoped advisory lock, so a
-- copy the job read before a change commits after the change's clearing has waited for it, and is cleared.

-- A record's e-mail or first order changed, or the record is gone: the copies of its orders are cleared.
CREATE OR REPLACE FUNCTION customers_clear_buyer_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('guichet orders.buyer_since', 0));
  UPDATE orders SET buyer_since = NULL, buyer_customer_id = NULL
    WHERE organization_id = OLD.organization_id AND lower(buyer_email) = lower(OLD.email)
      AND buyer_since IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_buyer_since_changed AFTER UPDATE OF email, first_order_at, organization_id ON customers
  FOR EACH ROW WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email)
    OR OLD.first_order_at IS DISTINCT FROM NEW.first_order_at
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION customers_clear_buyer_since();
--> statement-breakpoint
CREATE TRIGGER customers_buyer_since_deleted AFTER DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_clear_buyer_since();
--> statement-breakpoint
-- An order's buyer changed (erasure rewrites the address): its copy described another record.
CREATE OR REPLACE FUNCTION orders_clear_buyer_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.buyer_since := NULL;
  NEW.buyer_customer_id := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_buyer_since_buyer_changed BEFORE UPDATE OF buyer_email, organization_id ON orders
  FOR EACH ROW WHEN (lower(OLD.buyer_email) IS DISTINCT FROM lower(NEW.buyer_email)
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION orders_clear_buyer_since();
--> statement-breakpoint
-- The paid orders already there, as the job would copy them.
UPDATE orders o SET buyer_since = c.first_order_at, buyer_customer_id = c.id
  FROM customers c
  WHERE o.paid_at IS NOT NULL AND c.organization_id = o.organization_id AND lower(c.email) = lower(o.buyer_email);
