import type { Database, Queryable } from '@guichet/db/client';
import { currentApiTokenId } from '../../plugins/request-actor';
import * as repository from './audit.repository';

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

/**
 * Records who did what; call it inside the transaction of the change so both commit or neither. A change
 * made through an API token names the token too (decision 034), read from the request's context.
 */
export async function recordAudit(db: Queryable, entry: AuditEntryInput): Promise<void> {
  await repository.insertAuditEntry(db, {
    organizationId: entry.organizationId,
    actorStaffId: entry.actorStaffId,
    actorTokenId: currentApiTokenId(),
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
  const rows = await repository.listAuditEntries(db, params);
  const items = rows
    .slice(0, params.limit)
    .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { items, nextCursor: rows.length > params.limit ? (items.at(-1)?.id ?? null) : null };
}
