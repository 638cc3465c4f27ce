CREATE TABLE "customer_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"list_id" uuid,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"encoding" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"processed_bytes" bigint DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "customer_imports_status_valid" CHECK ("customer_imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
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
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_list_id_member_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."member_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_kept_id_customers_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_id_customers_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_by_staff_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_unmerged_by_staff_id_fk" FOREIGN KEY ("unmerged_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_imports_organization_idx" ON "customer_imports" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_merges_in_force_idx" ON "customer_merges" USING btree ("organization_id","merged_id") WHERE "customer_merges"."unmerged_at" is null;--> statement-breakpoint
CREATE INDEX "customer_merges_kept_idx" ON "customer_merges" USING btree ("organization_id","kept_id");