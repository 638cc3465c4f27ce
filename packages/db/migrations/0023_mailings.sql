CREATE TABLE "mail_suppressions" (
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"mailing_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_organization_id_email_pk" PRIMARY KEY("organization_id","email"),
	CONSTRAINT "mail_suppressions_reason_valid" CHECK ("mail_suppressions"."reason" in ('unsubscribed', 'bounced', 'complained')),
	CONSTRAINT "mail_suppressions_email_lower" CHECK ("mail_suppressions"."email" = lower("mail_suppressions"."email"))
);
--> statement-breakpoint
CREATE TABLE "mailing_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"mailing_id" uuid NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "mailing_recipients_status_valid" CHECK ("mailing_recipients"."status" in ('queued', 'sent', 'skipped-suppressed', 'skipped-no-consent', 'failed', 'cancelled')),
	CONSTRAINT "mailing_recipients_email_lower" CHECK ("mailing_recipients"."email" = lower("mailing_recipients"."email"))
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"audience" jsonb NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"expansion_cursor" text,
	"expanded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mailings_kind_valid" CHECK ("mailings"."kind" in ('marketing', 'event-update')),
	CONSTRAINT "mailings_status_valid" CHECK ("mailings"."status" in ('draft', 'sending', 'paused', 'cancelled', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "customer_consents" DROP CONSTRAINT "customer_consents_source_valid";--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_recipients_mailing_email_idx" ON "mailing_recipients" USING btree ("mailing_id","email");--> statement-breakpoint
CREATE INDEX "mailing_recipients_due_idx" ON "mailing_recipients" USING btree ("next_attempt_at","id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "mailing_recipients_page_idx" ON "mailing_recipients" USING btree ("organization_id","mailing_id","id");--> statement-breakpoint
CREATE INDEX "mailings_organization_idx" ON "mailings" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "mailings_sending_idx" ON "mailings" USING btree ("status") WHERE status = 'sending';--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_source_valid" CHECK ("customer_consents"."source" in ('checkout', 'staff', 'import', 'unsubscribe'));