CREATE TABLE "finance_period_closings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"closed_through" date,
	"closed_before" timestamp with time zone,
	"tz" text DEFAULT 'UTC' NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_account_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"codes" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"stripe_balance_transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"reporting_category" text,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"source" text,
	"description" text,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"ledger_entry_id" uuid,
	"matched_minor" bigint,
	"match_source" text,
	"matched_by" uuid,
	"matched_at" timestamp with time zone,
	CONSTRAINT "payout_transactions_match_whole" CHECK (("payout_transactions"."matched_minor" is null) = ("payout_transactions"."payment_id" is null and "payout_transactions"."ledger_entry_id" is null)),
	CONSTRAINT "payout_transactions_match_source_valid" CHECK ("payout_transactions"."match_source" is null or "payout_transactions"."match_source" in ('auto', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"stripe_account_id" text NOT NULL,
	"stripe_payout_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"reconciliation" text DEFAULT 'pending' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_entry_id" uuid,
	"failure_entry_id" uuid,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('pending', 'in_transit', 'paid', 'failed', 'canceled')),
	CONSTRAINT "payouts_reconciliation_valid" CHECK ("payouts"."reconciliation" in ('pending', 'reconciled', 'flagged'))
);
--> statement-breakpoint
ALTER TABLE "finance_period_closings" ADD CONSTRAINT "finance_period_closings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_account_codes" ADD CONSTRAINT "journal_account_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transactions" ADD CONSTRAINT "payout_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transactions" ADD CONSTRAINT "payout_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transactions" ADD CONSTRAINT "payout_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transactions" ADD CONSTRAINT "payout_transactions_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_failure_entry_id_ledger_entries_id_fk" FOREIGN KEY ("failure_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_account_codes_effective_idx" ON "journal_account_codes" USING btree ("organization_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transactions_stripe_idx" ON "payout_transactions" USING btree ("payout_id","stripe_balance_transaction_id");--> statement-breakpoint
CREATE INDEX "payout_transactions_organization_payout_idx" ON "payout_transactions" USING btree ("organization_id","payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transactions_ledger_entry_idx" ON "payout_transactions" USING btree ("ledger_entry_id") WHERE ledger_entry_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transactions_payment_idx" ON "payout_transactions" USING btree ("payment_id") WHERE payment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_stripe_payout_idx" ON "payouts" USING btree ("stripe_payout_id");--> statement-breakpoint
CREATE INDEX "payouts_organization_arrival_idx" ON "payouts" USING btree ("organization_id","arrival_date","id");