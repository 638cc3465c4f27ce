DROP INDEX "idempotent_answers_key_idx";--> statement-breakpoint
ALTER TABLE "idempotent_answers" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotent_answers_key_idx" ON "idempotent_answers" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"caller","route","key");