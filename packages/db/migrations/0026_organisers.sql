CREATE TABLE "order_digests" (
	"staff_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"order_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_digests_staff_id_organization_id_day_pk" PRIMARY KEY("staff_id","organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_notices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_order_alerts" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_order_alerts_mode_valid" CHECK ("staff_order_alerts"."mode" in ('off', 'each', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "order_digests" ADD CONSTRAINT "order_digests_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_digests" ADD CONSTRAINT "order_digests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_order_alerts" ADD CONSTRAINT "staff_order_alerts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_digests_organization_idx" ON "order_digests" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "order_notices_organization_idx" ON "order_notices" USING btree ("organization_id","noticed_at");