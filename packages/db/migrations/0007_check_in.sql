CREATE TABLE "checkin_conflicts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"first_checkin_id" uuid NOT NULL,
	"second_checkin_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "checkin_conflicts_status_valid" CHECK ("checkin_conflicts"."status" in ('open', 'resolved')),
	CONSTRAINT "checkin_conflicts_resolution_valid" CHECK (("checkin_conflicts"."status" = 'resolved') = ("checkin_conflicts"."resolved_at" is not null)),
	CONSTRAINT "checkin_conflicts_pair_valid" CHECK ("checkin_conflicts"."first_checkin_id" <> "checkin_conflicts"."second_checkin_id")
);
--> statement-breakpoint
CREATE TABLE "checkin_list_ticket_types" (
	"organization_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	CONSTRAINT "checkin_list_ticket_types_organization_id_list_id_ticket_type_id_pk" PRIMARY KEY("organization_id","list_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "checkin_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"all_ticket_types" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"allow_reentry" boolean DEFAULT false NOT NULL,
	"allow_multiple_entries" boolean DEFAULT false NOT NULL,
	"capacity_alert" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_lists_window_valid" CHECK ("checkin_lists"."starts_at" is null or "checkin_lists"."ends_at" is null or "checkin_lists"."starts_at" < "checkin_lists"."ends_at"),
	CONSTRAINT "checkin_lists_capacity_alert_valid" CHECK ("checkin_lists"."capacity_alert" is null or "checkin_lists"."capacity_alert" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkin_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"ticket_id" uuid,
	"direction" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"admitted" boolean NOT NULL,
	"device_id" text NOT NULL,
	"nonce" text NOT NULL,
	"staff_id" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_at" timestamp with time zone NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"answer" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"undo_reason" text,
	CONSTRAINT "checkin_log_direction_valid" CHECK ("checkin_log"."direction" in ('entry', 'exit')),
	CONSTRAINT "checkin_log_result_valid" CHECK ("checkin_log"."result" in ('ok', 'refused')),
	CONSTRAINT "checkin_log_reason_valid" CHECK (("checkin_log"."result" = 'ok') = ("checkin_log"."reason" is null)),
	CONSTRAINT "checkin_log_undo_valid" CHECK ("checkin_log"."undone_at" is null or "checkin_log"."admitted")
);
--> statement-breakpoint
CREATE TABLE "checkin_presence" (
	"organization_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"state" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone,
	"last_device_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_presence_organization_id_list_id_ticket_id_pk" PRIMARY KEY("organization_id","list_id","ticket_id"),
	CONSTRAINT "checkin_presence_state_valid" CHECK ("checkin_presence"."state" in ('never', 'inside', 'outside')),
	CONSTRAINT "checkin_presence_entries_valid" CHECK ("checkin_presence"."entries" >= 0 and ("checkin_presence"."state" = 'never') = ("checkin_presence"."entries" = 0))
);
--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_first_checkin_id_checkin_log_id_fk" FOREIGN KEY ("first_checkin_id") REFERENCES "public"."checkin_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_second_checkin_id_checkin_log_id_fk" FOREIGN KEY ("second_checkin_id") REFERENCES "public"."checkin_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_conflicts" ADD CONSTRAINT "checkin_conflicts_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_ticket_types" ADD CONSTRAINT "checkin_list_ticket_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_ticket_types" ADD CONSTRAINT "checkin_list_ticket_types_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_ticket_types" ADD CONSTRAINT "checkin_list_ticket_types_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_log" ADD CONSTRAINT "checkin_log_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_log" ADD CONSTRAINT "checkin_log_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_log" ADD CONSTRAINT "checkin_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_log" ADD CONSTRAINT "checkin_log_undone_by_staff_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_presence" ADD CONSTRAINT "checkin_presence_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_presence" ADD CONSTRAINT "checkin_presence_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_conflicts_pair_idx" ON "checkin_conflicts" USING btree ("organization_id","first_checkin_id","second_checkin_id");--> statement-breakpoint
CREATE INDEX "checkin_conflicts_organization_event_idx" ON "checkin_conflicts" USING btree ("organization_id","event_id","status");--> statement-breakpoint
CREATE INDEX "checkin_conflicts_organization_ticket_idx" ON "checkin_conflicts" USING btree ("organization_id","ticket_id","list_id");--> statement-breakpoint
CREATE INDEX "checkin_lists_organization_event_idx" ON "checkin_lists" USING btree ("organization_id","event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_log_organization_nonce_idx" ON "checkin_log" USING btree ("organization_id","nonce");--> statement-breakpoint
CREATE INDEX "checkin_log_organization_event_idx" ON "checkin_log" USING btree ("organization_id","event_id","id");--> statement-breakpoint
CREATE INDEX "checkin_log_organization_ticket_idx" ON "checkin_log" USING btree ("organization_id","ticket_id","list_id");--> statement-breakpoint
CREATE INDEX "checkin_presence_organization_event_idx" ON "checkin_presence" USING btree ("organization_id","event_id");