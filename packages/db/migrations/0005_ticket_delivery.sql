ALTER TABLE "events" ADD COLUMN "attendee_names_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "offline_payment_instructions" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_organization_order_idx" ON "outbox" USING btree ("organization_id","order_id","created_at") WHERE order_id is not null;