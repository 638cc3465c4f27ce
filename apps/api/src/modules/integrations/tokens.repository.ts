import type { Queryable } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { apiTokens } from '@guichet/db/schema/integrations';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';

export async function insertApiToken(db: Queryable, values: typeof apiTokens.$inferInsert) {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  if (!row) throw new Error('api token not inserted');
  return row;
}

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  permissions: apiTokens.permissions,
  displayPrefix: apiTokens.displayPrefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdByStaffId: apiTokens.createdByStaffId,
  createdByName: staff.displayName,
};

export type ApiTokenRow = Awaited<ReturnType<typeof listApiTokenRows>>[number];

/** The organisation's tokens, newest first (ids are time-ordered UUIDv7), `limit + 1` rows from `cursor` on. */
export async function listApiTokenRows(
  db: Queryable,
  params: { organizationId: string; limit: number; cursor?: string },
) {
  return db
    .select(tokenColumns)
    .from(apiTokens)
    .leftJoin(staff, eq(staff.id, apiTokens.createdByStaffId))
    .where(
      and(
        eq(apiTokens.organizationId, params.organizationId),
        params.cursor ? lt(apiTokens.id, params.cursor) : undefined,
      ),
    )
    .orderBy(desc(apiTokens.id))
    .limit(params.limit + 1);
}

export async function findApiTokenRow(db: Queryable, organizationId: string, tokenId: string) {
  const [row] = await db
    .select(tokenColumns)
    .from(apiTokens)
    .leftJoin(staff, eq(staff.id, apiTokens.createdByStaffId))
    .where(and(eq(apiTokens.organizationId, organizationId), eq(apiTokens.id, tokenId)))
    .limit(1);
  return row;
}

/** Revokes a token once: answers whether this call revoked it (false when already revoked or not found). */
export async function revokeApiTokenRow(db: Queryable, organizationId: string, tokenId: string) {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiTokens.organizationId, organizationId),
        eq(apiTokens.id, tokenId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
