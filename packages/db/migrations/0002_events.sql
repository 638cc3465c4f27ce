CREATE TABLE "capacity_pools" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_pools_counts_valid" CHECK ("capacity_pools"."capacity" >= 0 and "capacity_pools"."sold" >= 0 and "capacity_pools"."held" >= 0),
	CONSTRAINT "capacity_pools_within_capacity" CHECK ("capacity_pools"."sold" + "capacity_pools"."held" <= "capacity_pools"."capacity")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cancel_reason" text,
	"location_type" text DEFAULT 'venue' NOT NULL,
	"venue_name" text,
	"venue_address" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"online_url" text,
	"cover_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_starts" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_status_valid" CHECK ("events"."status" in ('draft', 'published', 'cancelled', 'archived')),
	CONSTRAINT "events_location_type_valid" CHECK ("events"."location_type" in ('venue', 'online')),
	CONSTRAINT "events_latitude_range" CHECK ("events"."latitude" between -90 and 90),
	CONSTRAINT "events_longitude_range" CHECK ("events"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"pool_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"member_list_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_counts_valid" CHECK ("ticket_types"."capacity" >= 0 and "ticket_types"."sold" >= 0 and "ticket_types"."held" >= 0 and "ticket_types"."price_minor" >= 0),
	CONSTRAINT "ticket_types_within_capacity" CHECK ("ticket_types"."sold" + "ticket_types"."held" <= "ticket_types"."capacity"),
	CONSTRAINT "ticket_types_per_order_valid" CHECK ("ticket_types"."min_per_order" >= 1 and "ticket_types"."min_per_order" <= "ticket_types"."max_per_order"),
	CONSTRAINT "ticket_types_sales_window_valid" CHECK ("ticket_types"."sales_start" is null or "ticket_types"."sales_end" is null or "ticket_types"."sales_start" < "ticket_types"."sales_end"),
	CONSTRAINT "ticket_types_visibility_valid" CHECK ("ticket_types"."visibility" in ('public', 'hidden', 'members'))
);
--> statement-breakpoint
ALTER TABLE "capacity_pools" ADD CONSTRAINT "capacity_pools_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_pools" ADD CONSTRAINT "capacity_pools_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_pool_id_capacity_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."capacity_pools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_pools_organization_event_idx" ON "capacity_pools" USING btree ("organization_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_organization_slug_idx" ON "events" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "events_organization_starts_idx" ON "events" USING btree ("organization_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_organization_name_idx" ON "events" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "ticket_types_organization_event_idx" ON "ticket_types" USING btree ("organization_id","event_id","position");--> statement-breakpoint
CREATE INDEX "ticket_types_pool_idx" ON "ticket_types" USING btree ("pool_id");