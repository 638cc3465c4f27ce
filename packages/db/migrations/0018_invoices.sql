CREATE TABLE "organization_vat_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"vat_number" text,
	"rates_bp" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"default_rate_bp" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_vat_settings_default_rate_valid" CHECK ("organization_vat_settings"."default_rate_bp" >= 0 and "organization_vat_settings"."default_rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "refund_vat_lines" (
	"refund_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"rate_bp" integer NOT NULL,
	"gross_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refund_vat_lines_refund_id_rate_bp_pk" PRIMARY KEY("refund_id","rate_bp"),
	CONSTRAINT "refund_vat_lines_amounts_valid" CHECK ("refund_vat_lines"."gross_minor" > 0 and "refund_vat_lines"."vat_minor" >= 0 and "refund_vat_lines"."vat_minor" <= "refund_vat_lines"."gross_minor")
);
--> statement-breakpoint
ALTER TABLE "document_counters" DROP CONSTRAINT "document_counters_series_valid";--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_series_valid";--> statement-breakpoint
DROP INDEX "documents_order_series_idx";--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "vat_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "vat_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_vat_settings" ADD CONSTRAINT "organization_vat_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_vat_lines" ADD CONSTRAINT "refund_vat_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_vat_lines" ADD CONSTRAINT "refund_vat_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_vat_lines" ADD CONSTRAINT "refund_vat_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_vat_lines_organization_occurred_idx" ON "refund_vat_lines" USING btree ("organization_id","occurred_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_refund_idx" ON "documents" USING btree ("refund_id") WHERE refund_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_order_series_idx" ON "documents" USING btree ("order_id","series") WHERE series <> 'credit_note';--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_vat_rate_valid" CHECK ("ticket_types"."vat_rate_bp" is null or ("ticket_types"."vat_rate_bp" >= 0 and "ticket_types"."vat_rate_bp" <= 10000));--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_series_valid" CHECK ("document_counters"."series" in ('receipt', 'invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_credit_note_refund" CHECK (("documents"."series" = 'credit_note') = ("documents"."refund_id" is not null));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_series_valid" CHECK ("documents"."series" in ('receipt', 'invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_vat_valid" CHECK ("tickets"."vat_minor" >= 0 and "tickets"."vat_minor" <= "tickets"."price_minor");