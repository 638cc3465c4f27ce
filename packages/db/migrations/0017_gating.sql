CREATE TABLE "member_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"ticket_type_ids" uuid[] NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_codes_email_lower" CHECK ("member_codes"."email" = lower("member_codes"."email")),
	CONSTRAINT "member_codes_attempts_valid" CHECK ("member_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_gate_lists" (
	"organization_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	CONSTRAINT "member_gate_lists_organization_id_ticket_type_id_list_id_pk" PRIMARY KEY("organization_id","ticket_type_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "member_gates" (
	"ticket_type_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"max_per_member" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_gates_max_valid" CHECK ("member_gates"."max_per_member" is null or "member_gates"."max_per_member" >= 1)
);
--> statement-breakpoint
ALTER TABLE "member_codes" ADD CONSTRAINT "member_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_codes" ADD CONSTRAINT "member_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_gate_lists" ADD CONSTRAINT "member_gate_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_gate_lists" ADD CONSTRAINT "member_gate_lists_ticket_type_id_member_gates_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."member_gates"("ticket_type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_gate_lists" ADD CONSTRAINT "member_gate_lists_list_id_member_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."member_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_gates" ADD CONSTRAINT "member_gates_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_gates" ADD CONSTRAINT "member_gates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_codes_lookup_idx" ON "member_codes" USING btree ("organization_id","event_id","email","id");--> statement-breakpoint
CREATE INDEX "member_gate_lists_list_idx" ON "member_gate_lists" USING btree ("organization_id","list_id");--> statement-breakpoint
CREATE INDEX "member_gates_organization_idx" ON "member_gates" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "member_list_id";