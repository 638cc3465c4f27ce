ALTER TABLE "checkin_conflicts" ALTER COLUMN "first_checkin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "short_code" text DEFAULT guichet_ticket_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD COLUMN "kind" text DEFAULT 'double-entry' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_organization_short_code_idx" ON "tickets" USING btree ("organization_id","short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_conflicts_not_valid_idx" ON "checkin_conflicts" USING btree ("organization_id","second_checkin_id") WHERE kind = 'not-valid';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_valid" CHECK ("payments"."method" is null or "payments"."method" in ('cash', 'card', 'transfer', 'other'));--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_kind_valid" CHECK ("checkin_conflicts"."kind" in ('double-entry', 'not-valid'));--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_first_valid" CHECK (("checkin_conflicts"."kind" = 'double-entry') = ("checkin_conflicts"."first_checkin_id" is not null));