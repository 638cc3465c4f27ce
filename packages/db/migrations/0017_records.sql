CREATE TABLE "customer_merges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"kept_id" uuid NOT NULL,
	"merged_id" uuid NOT NULL,
	"moved" jsonb NOT NULL,
	"merged_by" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unmerged_by" uuid,
	"unmerged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_kept_id_customers_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_id_customers_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_by_staff_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_unmerged_by_staff_id_fk" FOREIGN KEY ("unmerged_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_merges_in_force_idx" ON "customer_merges" USING btree ("organization_id","merged_id") WHERE "customer_merges"."unmerged_at" is null;--> statement-breakpoint
CREATE INDEX "customer_merges_kept_idx" ON "customer_merges" USING btree ("organization_id","kept_id");