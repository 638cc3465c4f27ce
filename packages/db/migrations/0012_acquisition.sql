CREATE TABLE "acquisition_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"attribution_window_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acquisition_settings_window_valid" CHECK ("acquisition_settings"."attribution_window_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "acquisition_touches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"channel" text NOT NULL,
	"link_id" uuid,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"referrer_host" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acquisition_touches_kind_valid" CHECK ("acquisition_touches"."kind" in ('visit', 'checkout')),
	CONSTRAINT "acquisition_touches_source_valid" CHECK ("acquisition_touches"."source" in ('link', 'utm', 'referrer', 'direct'))
);
--> statement-breakpoint
CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"first_touch_id" uuid,
	"last_touch_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tracking_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acquisition_settings" ADD CONSTRAINT "acquisition_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_touches" ADD CONSTRAINT "acquisition_touches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_touches" ADD CONSTRAINT "acquisition_touches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_touches" ADD CONSTRAINT "acquisition_touches_link_id_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_first_touch_id_acquisition_touches_id_fk" FOREIGN KEY ("first_touch_id") REFERENCES "public"."acquisition_touches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_last_touch_id_acquisition_touches_id_fk" FOREIGN KEY ("last_touch_id") REFERENCES "public"."acquisition_touches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acquisition_touches_visitor_idx" ON "acquisition_touches" USING btree ("organization_id","event_id","visitor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "acquisition_touches_period_idx" ON "acquisition_touches" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "order_attributions_organization_idx" ON "order_attributions" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_code_idx" ON "tracking_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tracking_links_organization_event_idx" ON "tracking_links" USING btree ("organization_id","event_id","id");--> statement-breakpoint
CREATE INDEX "tracking_links_organization_id_idx" ON "tracking_links" USING btree ("organization_id","id");