import type { Queryable } from '@guichet/db/client';
import { memberLists } from '@guichet/db/schema/customers';
import { memberGateLists, memberGates } from '@guichet/db/schema/gating';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterCursor } from '../../cursor';

/**
 * The staff side of gated ticket types (decision 028): which member lists a `members` type admits and
 * how many tickets one member may hold. Every function takes the organisation and uses it in its WHERE.
 */

export interface Gate {
  listIds: string[];
  maxPerMember: number | null;
}

/** The gates of some ticket types (types without one are absent). */
export async function gatesOf(
  db: Queryable,
  organizationId: string,
  ticketTypeIds: string[],
): Promise<Map<string, Gate>> {
  const gates = new Map<string, Gate>();
  if (ticketTypeIds.length === 0) return gates;
  const rows = await db
    .select({ ticketTypeId: memberGates.ticketTypeId, maxPerMember: memberGates.maxPerMember })
    .from(memberGates)
    .where(
      and(eq(memberGates.organizationId, organizationId), inArray(memberGates.ticketTypeId, ticketTypeIds)),
    );
  for (const row of rows) gates.set(row.ticketTypeId, { listIds: [], maxPerMember: row.maxPerMember });
  if (rows.length === 0) return gates;
  const lists = await db
    .select({ ticketTypeId: memberGateLists.ticketTypeId, listId: memberGateLists.listId })
    .from(memberGateLists)
    .where(
      and(
        eq(memberGateLists.organizationId, organizationId),
        inArray(memberGateLists.ticketTypeId, ticketTypeIds),
      ),
    )
    .orderBy(asc(memberGateLists.listId));
  for (const row of lists) gates.get(row.ticketTypeId)?.listIds.push(row.listId);
  return gates;
}

/** Which of these lists are the organisation's own. */
export async function ownLists(
  db: Queryable,
  organizationId: string,
  listIds: string[],
): Promise<Set<string>> {
  if (listIds.length === 0) return new Set();
  const rows = await db
    .select({ id: memberLists.id })
    .from(memberLists)
    .where(and(eq(memberLists.organizationId, organizationId), inArray(memberLists.id, listIds)));
  return new Set(rows.map((row) => row.id));
}

/** Sets a ticket type's gate (its lists replaced), or removes it (`null`: the type is no longer gated). */
export async function setGate(
  tx: Queryable,
  organizationId: string,
  ticketTypeId: string,
  gate: Gate | null,
): Promise<void> {
  if (!gate) {
    await tx
      .delete(memberGates)
      .where(and(eq(memberGates.organizationId, organizationId), eq(memberGates.ticketTypeId, ticketTypeId)));
    return;
  }
  await tx
    .insert(memberGates)
    .values({ organizationId, ticketTypeId, maxPerMember: gate.maxPerMember })
    .onConflictDoUpdate({
      target: memberGates.ticketTypeId,
      set: { maxPerMember: gate.maxPerMember, updatedAt: new Date() },
      setWhere: eq(memberGates.organizationId, organizationId),
    });
  await tx
    .delete(memberGateLists)
    .where(
      and(eq(memberGateLists.organizationId, organizationId), eq(memberGateLists.ticketTypeId, ticketTypeId)),
    );
  if (gate.listIds.length > 0) {
    await tx
      .insert(memberGateLists)
      .values(gate.listIds.map((listId) => ({ organizationId, ticketTypeId, listId })));
  }
}

/** The organisation's member lists by name, as the ticket-type form offers them. */
/** A page of the lists by name, then id. */
export async function listChoices(
  db: Queryable,
  organizationId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({ id: memberLists.id, name: memberLists.name })
    .from(memberLists)
    .where(
      and(
        eq(memberLists.organizationId, organizationId),
        afterCursor(page.cursor, memberLists.name, memberLists.id),
      ),
    )
    .orderBy(asc(memberLists.name), asc(memberLists.id))
    .limit(page.limit + 1);
}
