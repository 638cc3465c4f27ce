import type { Database, Queryable } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import { webhookDeliveries, webhookEndpoints } from '@guichet/db/schema/integrations';
import { staffOrganizations } from '@guichet/db/schema/organizations';
import { and, arrayContains, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';

// Endpoints -----------------------------------------------------------------------------------------------

export async function insertEndpoint(db: Queryable, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

export async function listEndpointRows(
  db: Queryable,
  params: { organizationId: string; limit: number; cursor?: string },
) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, params.organizationId),
        params.cursor ? lt(webhookEndpoints.id, params.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookEndpoints.id))
    .limit(params.limit + 1);
}

export async function findEndpoint(db: Queryable, organizationId: string, endpointId: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)))
    .limit(1);
  return row;
}

export async function updateEndpoint(
  db: Queryable,
  organizationId: string,
  endpointId: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Queryable, organizationId: string, endpointId: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Disables an endpoint once: answers whether this call disabled it (so its admins are told once). */
export async function disableEndpoint(db: Queryable, organizationId: string, endpointId: string) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
      ),
    )
    .returning({ url: webhookEndpoints.url });
  return rows[0];
}

/** The organisation's administrators (ALL), who are told when an endpoint is disabled. */
export async function adminsOf(db: Queryable, organizationId: string) {
  return db
    .select({ email: staff.email, locale: staff.locale })
    .from(staffOrganizations)
    .innerJoin(staff, eq(staff.id, staffOrganizations.staffId))
    .where(
      and(
        eq(staffOrganizations.organizationId, organizationId),
        arrayContains(staffOrganizations.permissions, ['ALL']),
      ),
    );
}

// Deliveries ----------------------------------------------------------------------------------------------

export async function insertDelivery(db: Queryable, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('webhook delivery not inserted');
  return row;
}

export async function findDelivery(db: Queryable, organizationId: string, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, deliveryId)))
    .limit(1);
  return row;
}

/** An endpoint's deliveries, newest first, `limit + 1` rows after the cursor's (created at, id). */
export async function listDeliveryRows(
  db: Queryable,
  params: { organizationId: string; endpointId: string; limit: number; cursor?: { at: Date; id: string } },
) {
  const { cursor } = params;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organizationId, params.organizationId),
        eq(webhookDeliveries.endpointId, params.endpointId),
        cursor
          ? or(
              lt(webhookDeliveries.createdAt, cursor.at),
              and(eq(webhookDeliveries.createdAt, cursor.at), lt(webhookDeliveries.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(params.limit + 1);
}

/**
 * Claims due deliveries with their endpoint for this worker (any organisation: the worker serves them
 * all). SKIP LOCKED lets several processes share the lane; the lease pushes claimed rows out of reach, so a
 * process killed mid-delivery leaves them due again after it (at least once).
 */
export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, sql`now()`)))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(inArray(webhookDeliveries.id, ids));
    return tx
      .select({
        id: webhookDeliveries.id,
        organizationId: webhookDeliveries.organizationId,
        endpointId: webhookDeliveries.endpointId,
        messageId: webhookDeliveries.messageId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        createdAt: webhookDeliveries.createdAt,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(inArray(webhookDeliveries.id, ids));
  });
}

export type ClaimedDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/** Records an attempt's outcome: succeeded, failed for good, or due again at `nextAttemptAt`. */
export async function recordAttempt(
  db: Queryable,
  deliveryId: string,
  outcome: {
    status: 'pending' | 'succeeded' | 'failed';
    attempts: number;
    nextAttemptAt: Date | null;
    responseStatus: number | null;
    responseBody: string | null;
    lastError: string | null;
    durationMs: number;
  },
) {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      lastAttemptAt: new Date(),
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      responseStatus: outcome.responseStatus,
      responseBody: outcome.responseBody,
      lastError: outcome.lastError,
      durationMs: outcome.durationMs,
      ...(outcome.status === 'succeeded' ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** Ends the pending deliveries of an endpoint that was disabled (they would only fail again). */
export async function failPendingOfEndpoint(db: Queryable, organizationId: string, endpointId: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'The endpoint was disabled.' })
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
      ),
    );
}
