-- Earlier data may hold several pending invitations for one e-mail: keep the newest of each, revoke the rest.
UPDATE "invitations" AS older SET "revoked_at" = now()
WHERE older.accepted_at IS NULL AND older.revoked_at IS NULL AND EXISTS (
  SELECT 1 FROM "invitations" AS newer
  WHERE newer.organization_id = older.organization_id AND newer.email = older.email
    AND newer.accepted_at IS NULL AND newer.revoked_at IS NULL AND newer.id > older.id
);--> statement-breakpoint
DROP INDEX "invitations_pending_email_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_idx" ON "invitations" USING btree ("organization_id","email") WHERE accepted_at is null and revoked_at is null;