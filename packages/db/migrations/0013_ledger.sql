CREATE TABLE "document_counters" (
	"organization_id" uuid NOT NULL,
	"series" text NOT NULL,
	"last_number" bigint NOT NULL,
	CONSTRAINT "document_counters_organization_id_series_pk" PRIMARY KEY("organization_id","series"),
	CONSTRAINT "document_counters_series_valid" CHECK ("document_counters"."series" in ('receipt', 'invoice')),
	CONSTRAINT "document_counters_positive" CHECK ("document_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"series" text NOT NULL,
	"number" bigint NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"billed_to" jsonb NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_series_valid" CHECK ("documents"."series" in ('receipt', 'invoice')),
	CONSTRAINT "documents_number_positive" CHECK ("documents"."number" > 0)
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
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_number_idx" ON "documents" USING btree ("organization_id","series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_order_series_idx" ON "documents" USING btree ("order_id","series");--> statement-breakpoint
CREATE INDEX "documents_organization_issued_idx" ON "documents" USING btree ("organization_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_occurred_idx" ON "ledger_entries" USING btree ("organization_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_order_idx" ON "ledger_entries" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_organization_event_idx" ON "ledger_entries" USING btree ("organization_id","event_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_kind_idx" ON "ledger_entries" USING btree ("payment_id","kind") WHERE payment_id is not null and refund_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_kind_idx" ON "ledger_entries" USING btree ("refund_id","kind") WHERE refund_id is not null;