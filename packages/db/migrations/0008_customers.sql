CREATE TABLE "customer_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"order_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_consents_source_valid" CHECK ("customer_consents"."source" in ('checkout', 'staff', 'import'))
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_list_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"valid_from" text,
	"valid_until" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_list_history_action_valid" CHECK ("member_list_history"."action" in ('added', 'removed', 'changed'))
);
--> statement-breakpoint
CREATE TABLE "member_list_members" (
	"organization_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"valid_from" text,
	"valid_until" text,
	"max_tickets" integer,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_list_members_organization_id_list_id_customer_id_pk" PRIMARY KEY("organization_id","list_id","customer_id"),
	CONSTRAINT "member_list_members_window_valid" CHECK ("member_list_members"."valid_from" is null or "member_list_members"."valid_until" is null or "member_list_members"."valid_from" <= "member_list_members"."valid_until"),
	CONSTRAINT "member_list_members_max_valid" CHECK ("member_list_members"."max_tickets" is null or "member_list_members"."max_tickets" >= 1)
);
--> statement-breakpoint
CREATE TABLE "member_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_history" ADD CONSTRAINT "member_list_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_history" ADD CONSTRAINT "member_list_history_list_id_member_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."member_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_history" ADD CONSTRAINT "member_list_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_history" ADD CONSTRAINT "member_list_history_actor_id_staff_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_members" ADD CONSTRAINT "member_list_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_members" ADD CONSTRAINT "member_list_members_list_id_member_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."member_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_members" ADD CONSTRAINT "member_list_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_members" ADD CONSTRAINT "member_list_members_added_by_staff_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_lists" ADD CONSTRAINT "member_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_lists" ADD CONSTRAINT "member_lists_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_consents_customer_idx" ON "customer_consents" USING btree ("organization_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("organization_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "member_list_history_list_idx" ON "member_list_history" USING btree ("organization_id","list_id","id");--> statement-breakpoint
CREATE INDEX "member_list_history_customer_idx" ON "member_list_history" USING btree ("organization_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "member_list_members_customer_idx" ON "member_list_members" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_lists_organization_name_idx" ON "member_lists" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_organization_first_order_idx" ON "customers" USING btree ("organization_id","first_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_organization_name_idx" ON "customers" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tags");