import type { Queryable } from '@guichet/db/client';
import { events } from '@guichet/db/schema/events';
import { financePeriodClosings } from '@guichet/db/schema/payouts';
import { and, eq, sql } from 'drizzle-orm';

/** The organisation's closing row, made once (no period closed yet): later closings lock and move it. */
export async function ensureClosingRow(db: Queryable, organizationId: string) {
  await db.insert(financePeriodClosings).values({ organizationId }).onConflictDoNothing();
}

export async function closingOf(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(financePeriodClosings)
    .where(eq(financePeriodClosings.organizationId, organizationId));
  return row;
}

export async function lockClosing(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(financePeriodClosings)
    .where(eq(financePeriodClosings.organizationId, organizationId))
    .for('update');
  return row;
}

/** Moves the boundary to the day after `through` at midnight in `tz`. */
export async function moveClosing(
  db: Queryable,
  organizationId: string,
  closing: { through: string; tz: string; by: string },
) {
  const [row] = await db
    .update(financePeriodClosings)
    .set({
      closedThrough: closing.through,
      closedBefore: sql`((${closing.through}::date + 1)::timestamp at time zone ${closing.tz})`,
      tz: closing.tz,
      closedBy: closing.by,
      closedAt: sql`now()`,
    })
    .where(eq(financePeriodClosings.organizationId, organizationId))
    .returning();
  return row;
}

export async function eventExists(db: Queryable, organizationId: string, eventId: string) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, eventId)));
  return row !== undefined;
}
