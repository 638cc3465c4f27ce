-- The foreign keys from an order's rows to the rows every buyer of a rush shares (the organisation, the
-- event, the ticket type, the webhook endpoint) may be checked at commit. Checked when each row is written,
-- they lock the shared parent FOR KEY SHARE for the whole transaction: with dozens of orders in flight,
-- PostgreSQL records those overlapping locks as multixacts, rebuilt with every new locker (a rush of a few
-- thousand orders wrote over 100,000 multixact members), and the ticket type row, updated by each order,
-- carried its lockers into every new version. The checkout's transaction defers them (`SET CONSTRAINTS ALL
-- DEFERRED`, packages/db/src/raw.ts): checked at its commit, right after it updated the ticket type row
-- itself, the locks no longer overlap. Every other writer still checks them at once (INITIALLY IMMEDIATE).
ALTER TABLE orders ALTER CONSTRAINT orders_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE orders ALTER CONSTRAINT orders_event_id_events_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE tickets ALTER CONSTRAINT tickets_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE tickets ALTER CONSTRAINT tickets_event_id_events_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE tickets ALTER CONSTRAINT tickets_ticket_type_id_ticket_types_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE outbox ALTER CONSTRAINT outbox_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE audit_log ALTER CONSTRAINT audit_log_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE idempotency_keys ALTER CONSTRAINT idempotency_keys_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE webhook_deliveries ALTER CONSTRAINT webhook_deliveries_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE webhook_deliveries ALTER CONSTRAINT webhook_deliveries_endpoint_id_webhook_endpoints_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE customers ALTER CONSTRAINT customers_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE customer_consents ALTER CONSTRAINT customer_consents_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE order_attributions ALTER CONSTRAINT order_attributions_organization_id_organizations_id_fk DEFERRABLE INITIALLY IMMEDIATE;
