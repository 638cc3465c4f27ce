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
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid,
	"event_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"method" text,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"reference" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('sale', 'offline_payment', 'card_payment', 'box_office_payment', 'refund', 'refund_reversal', 'processor_fee', 'platform_fee', 'payout', 'dispute', 'adjustment')),
	CONSTRAINT "ledger_entries_method_valid" CHECK ("ledger_entries"."method" is null or "ledger_entries"."method" in ('offline', 'stripe', 'box_office')),
	CONSTRAINT "ledger_entries_sign_valid" CHECK (case
        when "ledger_entries"."kind" in ('sale', 'offline_payment', 'card_payment', 'box_office_payment', 'refund_reversal') then "ledger_entries"."amount_minor" > 0
        when "ledger_entries"."kind" in ('refund') then "ledger_entries"."amount_minor" < 0
        when "ledger_entries"."kind" in ('adjustment') then "ledger_entries"."amount_minor" <> 0
        else true end),
	CONSTRAINT "ledger_entries_adjustment_reason" CHECK ("ledger_entries"."kind" <> 'adjustment' or length(trim(coalesce("ledger_entries"."reason", ''))) > 0)
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
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_consents_customer_idx" ON "customer_consents" USING btree ("organization_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("organization_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "member_list_history_list_idx" ON "member_list_history" USING btree ("organization_id","list_id","id");--> statement-breakpoint
CREATE INDEX "member_list_history_customer_idx" ON "member_list_history" USING btree ("organization_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "member_list_members_customer_idx" ON "member_list_members" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_lists_organization_name_idx" ON "member_lists" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_occurred_idx" ON "ledger_entries" USING btree ("organization_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_order_idx" ON "ledger_entries" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_event_idx" ON "ledger_entries" USING btree ("organization_id","event_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_kind_idx" ON "ledger_entries" USING btree ("payment_id","kind") WHERE payment_id is not null and refund_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_kind_idx" ON "ledger_entries" USING btree ("refund_id","kind") WHERE refund_id is not null;--> statement-breakpoint
CREATE INDEX "customers_organization_first_order_idx" ON "customers" USING btree ("organization_id","first_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_organization_name_idx" ON "customers" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tags");