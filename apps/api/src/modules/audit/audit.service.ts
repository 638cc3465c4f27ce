import type { Database, Queryable } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { auditLog } from '@guichet/db/schema/teams';
import { and, desc, eq, lt } from 'drizzle-orm';

export interface AuditEntryInput {
  organizationId: string;
  actorStaffId: string | null;
  /** Dotted verb, e.g. `staff.permissions-changed`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records who did what; call it inside the transaction of the change so both commit or neither. */
export async function recordAudit(db: Queryable, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorStaffId: entry.actorStaffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * The organisation's audit entries, newest first, optionally about one target; cursor-paginated by id
 * (ids are time-ordered UUIDv7).
 */
export async function listAudit(
  db: Database,
  params: { organizationId: string; targetType?: string; targetId?: string; limit: number; cursor?: string },
) {
  const rows = await db
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
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.actorStaffId))
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
  const items = rows
    .slice(0, params.limit)
    .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { items, nextCursor: rows.length > params.limit ? (items.at(-1)?.id ?? null) : null };
}
