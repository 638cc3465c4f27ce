DROP INDEX "orders_organization_paid_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticket_count" integer;--> statement-breakpoint
-- Tickets are written with their order and never added later: the count of each order's rows is its count.
UPDATE "orders" o SET "ticket_count" = (SELECT count(*)::int FROM "tickets" t
  WHERE t."organization_id" = o."organization_id" AND t."order_id" = o."id");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "ticket_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_customer_id" uuid;--> statement-breakpoint
CREATE INDEX "orders_organization_paid_idx" ON "orders" USING btree ("organization_id","paid_at","buyer_since","ticket_count","buyer_customer_id") WHERE "orders"."paid_at" is not null;
