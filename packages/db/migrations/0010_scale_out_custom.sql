-- Rate-limit counters shared by every API process (apps/api/src/plugins/rate-limit.repository.ts). UNLOGGED:
-- counters of a few minutes need no write-ahead log and no replica; a crash empties the table, which only
-- restarts the windows. Not an organisation's data, so no organization_id: keys name the limit and whom it
-- counts (an address, an account, a scanner device within an organisation).
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" ("reset_at");
