ALTER TABLE "ledger_event_rollups" DROP CONSTRAINT "ledger_event_rollups_grain_valid";--> statement-breakpoint
ALTER TABLE "ledger_rollups" DROP CONSTRAINT "ledger_rollups_grain_valid";--> statement-breakpoint
ALTER TABLE "ledger_event_rollups" ADD CONSTRAINT "ledger_event_rollups_grain_valid" CHECK ("ledger_event_rollups"."grain" in ('day', 'month', 'year'));--> statement-breakpoint
ALTER TABLE "ledger_rollups" ADD CONSTRAINT "ledger_rollups_grain_valid" CHECK ("ledger_rollups"."grain" in ('hour', 'day', 'month', 'year'));