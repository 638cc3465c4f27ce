CREATE TABLE "dashboard_changes" (
	"organization_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "dashboard_changes_organization_id_slot_pk" PRIMARY KEY("organization_id","slot")
);
--> statement-breakpoint
CREATE TABLE "dashboard_paid_rollups" (
	"organization_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"orders" bigint NOT NULL,
	"tickets" bigint NOT NULL,
	CONSTRAINT "dashboard_paid_rollups_organization_id_grain_starts_at_pk" PRIMARY KEY("organization_id","grain","starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_tallied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_changes" ADD CONSTRAINT "dashboard_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_paid_rollups" ADD CONSTRAINT "dashboard_paid_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_organization_paid_untallied_idx" ON "orders" USING btree ("organization_id","paid_at","ticket_count") WHERE "orders"."paid_at" is not null and not "orders"."paid_tallied";