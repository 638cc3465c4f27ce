CREATE TABLE "ledger_event_rollups" (
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"currency" char(3) NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"order_entries" bigint NOT NULL,
	CONSTRAINT "ledger_event_rollups_organization_id_event_id_grain_starts_at_currency_kind_method_pk" PRIMARY KEY("organization_id","event_id","grain","starts_at","currency","kind","method"),
	CONSTRAINT "ledger_event_rollups_grain_valid" CHECK ("ledger_event_rollups"."grain" in ('day', 'month'))
);
--> statement-breakpoint
CREATE TABLE "ledger_repeat_sale_orders" (
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "ledger_repeat_sale_orders_organization_id_order_id_pk" PRIMARY KEY("organization_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"folded_seq" bigint NOT NULL,
	"folded_at" timestamp with time zone,
	CONSTRAINT "ledger_rollup_state_single" CHECK ("ledger_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_rollups" (
	"organization_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"currency" char(3) NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"order_entries" bigint NOT NULL,
	CONSTRAINT "ledger_rollups_organization_id_grain_starts_at_currency_kind_method_pk" PRIMARY KEY("organization_id","grain","starts_at","currency","kind","method"),
	CONSTRAINT "ledger_rollups_grain_valid" CHECK ("ledger_rollups"."grain" in ('hour', 'day', 'month'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "ledger_event_rollups" ADD CONSTRAINT "ledger_event_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_event_rollups" ADD CONSTRAINT "ledger_event_rollups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_repeat_sale_orders" ADD CONSTRAINT "ledger_repeat_sale_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_repeat_sale_orders" ADD CONSTRAINT "ledger_repeat_sale_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_rollups" ADD CONSTRAINT "ledger_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_event_rollups_period_idx" ON "ledger_event_rollups" USING btree ("organization_id","grain","starts_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_seq_idx" ON "ledger_entries" USING btree ("seq");