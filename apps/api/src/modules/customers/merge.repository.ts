import type { Queryable } from '@guichet/db/client';
import { customerMerges, type MergeMoved } from '@guichet/db/schema/customer-records';
import { customerNotes, memberListMembers } from '@guichet/db/schema/customers';
import { staff } from '@guichet/db/schema/identity';
import { customers } from '@guichet/db/schema/orders';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterId } from '../../cursor';

// Merging two records of one person and undoing it. Every function takes the organisation id and uses it
// in its WHERE.

/** Locks the customers' rows (in id order, so two merges of the same pair cannot deadlock). */
export async function lockCustomers(db: Queryable, organizationId: string, ids: readonly string[]) {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, [...ids])))
    .orderBy(customers.id)
    .for('update');
}

export async function setMergedInto(
  db: Queryable,
  organizationId: string,
  customerId: string,
  keptId: string | null,
) {
  await db
    .update(customers)
    .set({ mergedInto: keptId, updatedAt: sql`now()` })
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
}

export async function setTags(db: Queryable, organizationId: string, customerId: string, tags: string[]) {
  await db
    .update(customers)
    .set({ tags, updatedAt: sql`now()` })
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
}

/** Re-attaches notes to another record; answers the ids moved. */
export async function moveNotes(
  db: Queryable,
  organizationId: string,
  fromId: string,
  toId: string,
  onlyIds?: readonly string[],
): Promise<string[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const rows = await db
    .update(customerNotes)
    .set({ customerId: toId })
    .where(
      and(
        eq(customerNotes.organizationId, organizationId),
        eq(customerNotes.customerId, fromId),
        onlyIds ? inArray(customerNotes.id, [...onlyIds]) : undefined,
      ),
    )
    .returning({ id: customerNotes.id });
  return rows.map((row) => row.id);
}

/**
 * Moves the memberships of `fromId` on lists where `toId` is not a member (where both are, the kept
 * record's own membership stands and the other stays with the merged record); answers what moved.
 */
export async function moveMemberships(
  db: Queryable,
  organizationId: string,
  fromId: string,
  toId: string,
  onlyListIds?: readonly string[],
): Promise<MergeMoved['memberships']> {
  if (onlyListIds && onlyListIds.length === 0) return [];
  const rows = await db
    .update(memberListMembers)
    .set({ customerId: toId })
    .where(
      and(
        eq(memberListMembers.organizationId, organizationId),
        eq(memberListMembers.customerId, fromId),
        onlyListIds ? inArray(memberListMembers.listId, [...onlyListIds]) : undefined,
        sql`not exists (select 1 from member_list_members k where k.organization_id = ${organizationId}
          and k.list_id = ${memberListMembers.listId} and k.customer_id = ${toId})`,
      ),
    )
    .returning();
  return rows.map((row) => ({
    listId: row.listId,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxTickets: row.maxTickets,
    addedBy: row.addedBy,
    addedAt: row.addedAt.toISOString(),
  }));
}

export async function insertMerge(db: Queryable, values: typeof customerMerges.$inferInsert) {
  const [row] = await db.insert(customerMerges).values(values).returning();
  if (!row) throw new Error('merge insert returned nothing');
  return row;
}

/** The merge in force that folded `mergedId` into another record, locked for the unmerge. */
export async function mergeInForce(db: Queryable, organizationId: string, mergedId: string) {
  const [row] = await db
    .select()
    .from(customerMerges)
    .where(
      and(
        eq(customerMerges.organizationId, organizationId),
        eq(customerMerges.mergedId, mergedId),
        isNull(customerMerges.unmergedAt),
      ),
    )
    .for('update');
  return row;
}

export async function markUnmerged(db: Queryable, organizationId: string, mergeId: string, actor: string) {
  await db
    .update(customerMerges)
    .set({ unmergedAt: sql`now()`, unmergedBy: actor })
    .where(and(eq(customerMerges.organizationId, organizationId), eq(customerMerges.id, mergeId)));
}

/** Merges of a kept record (in force and undone), newest first, with who did them. */
/** A page of the merges into a kept record, newest first (uuidv7 ids). */
export async function mergesOfKept(
  db: Queryable,
  organizationId: string,
  keptId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({
      merge: customerMerges,
      mergedName: customers.name,
      mergedEmail: customers.email,
      actorName: staff.displayName,
    })
    .from(customerMerges)
    .innerJoin(customers, eq(customers.id, customerMerges.mergedId))
    .leftJoin(staff, eq(staff.id, customerMerges.mergedBy))
    .where(
      and(
        eq(customerMerges.organizationId, organizationId),
        eq(customerMerges.keptId, keptId),
        afterId(page.cursor, customerMerges.id, true),
      ),
    )
    .orderBy(desc(customerMerges.id))
    .limit(page.limit + 1);
}

export interface MergedRecord {
  rootId: string;
  id: string;
  email: string;
  name: string;
  phone: string | null;
}

/**
 * Every record folded into these kept records, however deep the chain of merges (B into A after C into
 * B): the person's other addresses, whose orders count for the kept record.
 */
export async function mergedRecordsOf(
  db: Queryable,
  organizationId: string,
  rootIds: readonly string[],
): Promise<MergedRecord[]> {
  if (rootIds.length === 0) return [];
  const roots = sql.join(
    rootIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with recursive folded(root_id, id, depth) as (
      select c.merged_into, c.id, 1 from customers c
      where c.organization_id = ${organizationId} and c.merged_into in (${roots})
      union all
      select f.root_id, c.id, f.depth + 1 from customers c join folded f on c.merged_into = f.id
      where c.organization_id = ${organizationId} and f.depth < 20
    )
    select f.root_id as "rootId", c.id, c.email, c.name, c.phone
    from folded f join customers c on c.id = f.id`)) as unknown as { rows: MergedRecord[] };
  return result.rows;
}
