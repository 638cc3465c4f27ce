import type { Queryable } from '@guichet/db/client';
import { escapeLike } from '@guichet/db/like';
import { memberListHistory, memberListMembers, memberLists } from '@guichet/db/schema/customers';
import { staff } from '@guichet/db/schema/identity';
import { customers } from '@guichet/db/schema/orders';
import { and, asc, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import { afterCursor, afterId } from '../../cursor';

// Every function takes the organisation id and uses it in its WHERE.

export type MemberListRow = typeof memberLists.$inferSelect;

/** A page of the organisation's lists by name (case-insensitive), then id. */
export async function listMemberLists(
  db: Queryable,
  organizationId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({
      list: memberLists,
      memberCount: sql<number>`(select count(*)::int from member_list_members m
        where m.organization_id = ${organizationId} and m.list_id = "member_lists"."id")`,
    })
    .from(memberLists)
    .where(
      and(
        eq(memberLists.organizationId, organizationId),
        afterCursor(page.cursor, sql`lower(${memberLists.name})`, memberLists.id),
      ),
    )
    .orderBy(asc(sql`lower(${memberLists.name})`), asc(memberLists.id))
    .limit(page.limit + 1);
}

export async function findMemberList(db: Queryable, organizationId: string, listId: string) {
  const [row] = await db
    .select()
    .from(memberLists)
    .where(and(eq(memberLists.organizationId, organizationId), eq(memberLists.id, listId)));
  return row;
}

export async function memberCount(db: Queryable, organizationId: string, listId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberListMembers)
    .where(and(eq(memberListMembers.organizationId, organizationId), eq(memberListMembers.listId, listId)));
  return row?.count ?? 0;
}

/** Creates a list; undefined when the organisation already has one of that name (any case). */
export async function insertMemberList(db: Queryable, values: typeof memberLists.$inferInsert) {
  const [row] = await db.insert(memberLists).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMemberList(
  db: Queryable,
  organizationId: string,
  listId: string,
  values: { name?: string | undefined; description?: string | undefined },
) {
  try {
    const [row] = await db
      .update(memberLists)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(memberLists.organizationId, organizationId), eq(memberLists.id, listId)))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return 'name-taken' as const;
    throw error;
  }
}

/** PostgreSQL's unique violation, as the driver raises it or wrapped by the ORM. */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown }).cause) === '23505';
}

/**
 * Puts customers on a list with a validity window, in one statement: a customer already there gets the
 * new window. Answers who was added and whose window changed (`xmax = 0` marks a row just inserted).
 */
export async function upsertMembers(
  db: Queryable,
  organizationId: string,
  listId: string,
  customerIds: readonly string[],
  window: { validFrom: string | null; validUntil: string | null },
  actorId: string,
): Promise<{ customerId: string; inserted: boolean }[]> {
  if (customerIds.length === 0) return [];
  return db
    .insert(memberListMembers)
    .values(
      customerIds.map((customerId) => ({
        organizationId,
        listId,
        customerId,
        validFrom: window.validFrom,
        validUntil: window.validUntil,
        addedBy: actorId,
      })),
    )
    .onConflictDoUpdate({
      target: [memberListMembers.organizationId, memberListMembers.listId, memberListMembers.customerId],
      set: { validFrom: window.validFrom, validUntil: window.validUntil },
      // A member already there with the same window is left alone (and not reported).
      setWhere: sql`(${memberListMembers.validFrom}, ${memberListMembers.validUntil}) is distinct from
        (excluded.valid_from, excluded.valid_until)`,
    })
    .returning({ customerId: memberListMembers.customerId, inserted: sql<boolean>`(xmax = 0)` });
}

export async function deleteMember(
  db: Queryable,
  organizationId: string,
  listId: string,
  customerId: string,
) {
  const [row] = await db
    .delete(memberListMembers)
    .where(
      and(
        eq(memberListMembers.organizationId, organizationId),
        eq(memberListMembers.listId, listId),
        eq(memberListMembers.customerId, customerId),
      ),
    )
    .returning();
  return row;
}

export async function insertHistory(db: Queryable, rows: (typeof memberListHistory.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(memberListHistory).values(rows);
}

/** A list's members by customer id (keyset pages), optionally searched by name or e-mail. */
export async function listMembers(
  db: Queryable,
  organizationId: string,
  listId: string,
  p: { limit: number; after?: string | undefined; q?: string | undefined },
) {
  const search = p.q ? `%${escapeLike(p.q)}%` : undefined;
  const rows = await db
    .select({ member: memberListMembers, name: customers.name, email: customers.email })
    .from(memberListMembers)
    .innerJoin(customers, eq(customers.id, memberListMembers.customerId))
    .where(
      and(
        eq(memberListMembers.organizationId, organizationId),
        eq(memberListMembers.listId, listId),
        eq(customers.organizationId, organizationId),
        p.after ? gt(memberListMembers.customerId, p.after) : undefined,
        search ? or(ilike(customers.name, search), ilike(customers.email, search)) : undefined,
      ),
    )
    .orderBy(asc(memberListMembers.customerId))
    .limit(p.limit + 1);
  return { rows: rows.slice(0, p.limit), more: rows.length > p.limit };
}

/** A page of a list's history, newest first (uuidv7 ids). */
export async function listHistory(
  db: Queryable,
  organizationId: string,
  listId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({
      entry: memberListHistory,
      customerName: customers.name,
      customerEmail: customers.email,
      actorName: staff.displayName,
    })
    .from(memberListHistory)
    .innerJoin(customers, eq(customers.id, memberListHistory.customerId))
    .leftJoin(staff, eq(staff.id, memberListHistory.actorId))
    .where(
      and(
        eq(memberListHistory.organizationId, organizationId),
        eq(memberListHistory.listId, listId),
        afterId(page.cursor, memberListHistory.id, true),
      ),
    )
    .orderBy(desc(memberListHistory.id))
    .limit(page.limit + 1);
}

/** The lists a customer is on, with the window of each. */
export async function membershipsOf(db: Queryable, organizationId: string, customerId: string) {
  return db
    .select({ member: memberListMembers, name: memberLists.name })
    .from(memberListMembers)
    .innerJoin(memberLists, eq(memberLists.id, memberListMembers.listId))
    .where(
      and(eq(memberListMembers.organizationId, organizationId), eq(memberListMembers.customerId, customerId)),
    )
    .orderBy(asc(memberLists.name));
}

/** What happened to a customer on lists, for their timeline. */
export async function historyOfCustomer(
  db: Queryable,
  organizationId: string,
  customerId: string,
  limit: number,
) {
  return db
    .select({ entry: memberListHistory, listName: memberLists.name, actorName: staff.displayName })
    .from(memberListHistory)
    .innerJoin(memberLists, eq(memberLists.id, memberListHistory.listId))
    .leftJoin(staff, eq(staff.id, memberListHistory.actorId))
    .where(
      and(eq(memberListHistory.organizationId, organizationId), eq(memberListHistory.customerId, customerId)),
    )
    .orderBy(desc(memberListHistory.id))
    .limit(limit);
}

/** Which of these customers exist in the organisation (ids from the client are checked before use). */
export async function existingCustomers(
  db: Queryable,
  organizationId: string,
  customerIds: readonly string[],
) {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, [...customerIds])));
  return rows.map((row) => row.id);
}
