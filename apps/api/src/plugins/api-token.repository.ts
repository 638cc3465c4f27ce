import type { Database } from '@guichet/db/client';
import { apiTokens } from '@guichet/db/schema/integrations';
import { staffOrganizations } from '@guichet/db/schema/organizations';
import { and, eq, isNull, lt, or } from 'drizzle-orm';

/** The statements of the API token guard (./api-tokens.ts); the tokens' management is in modules/integrations. */

export interface ApiTokenGrant {
  id: string;
  organizationId: string;
  permissions: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdByStaffId: string | null;
  /** Whether the staff member who made the token is still staff of its organisation. */
  creatorIsStaff: boolean;
}

/** The token whose secret hashes to `tokenHash` (an unguessable handle), with its maker's membership. */
export async function readApiTokenGrant(db: Database, tokenHash: string): Promise<ApiTokenGrant | undefined> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      organizationId: apiTokens.organizationId,
      permissions: apiTokens.permissions,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      createdByStaffId: apiTokens.createdByStaffId,
      creatorStaffId: staffOrganizations.staffId,
    })
    .from(apiTokens)
    .leftJoin(
      staffOrganizations,
      and(
        eq(staffOrganizations.staffId, apiTokens.createdByStaffId),
        eq(staffOrganizations.organizationId, apiTokens.organizationId),
      ),
    )
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return undefined;
  const { creatorStaffId, ...grant } = row;
  return { ...grant, creatorIsStaff: creatorStaffId !== null };
}

/** Records a use, at most once per `afterMs` per token (a write on every call would cost more than the call). */
export async function touchApiToken(
  db: Database,
  params: { organizationId: string; tokenId: string; usedBefore: Date },
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiTokens.organizationId, params.organizationId),
        eq(apiTokens.id, params.tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, params.usedBefore)),
      ),
    );
}
