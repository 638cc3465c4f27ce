import type { Queryable } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { apiTokens } from '@guichet/db/schema/integrations';
import { auditLog } from '@guichet/db/schema/teams';
import { and, desc, eq, lt } from 'drizzle-orm';

export async function insertAuditEntry(db: Queryable, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

/**
 * The organisation's audit entries with their actor, newest first, optionally about one target, from
 * `cursor` on (ids are time-ordered UUIDv7); `limit + 1` rows, so the caller knows whether more follow.
 */
export async function listAuditEntries(
  db: Queryable,
  params: { organizationId: string; targetType?: string; targetId?: string; limit: number; cursor?: string },
) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorStaffId: auditLog.actorStaffId,
      actorName: staff.displayName,
      actorEmail: staff.email,
      actorTokenId: auditLog.actorTokenId,
      actorTokenName: apiTokens.name,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.actorStaffId))
    .leftJoin(apiTokens, eq(apiTokens.id, auditLog.actorTokenId))
    .where(
      and(
        eq(auditLog.organizationId, params.organizationId),
        params.targetType ? eq(auditLog.targetType, params.targetType) : undefined,
        params.targetId ? eq(auditLog.targetId, params.targetId) : undefined,
        params.cursor ? lt(auditLog.id, params.cursor) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(params.limit + 1);
}
