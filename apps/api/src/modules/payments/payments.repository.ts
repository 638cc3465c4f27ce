import type { Queryable } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders, tickets } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import {
  checkoutSessions,
  payments,
  refunds,
  stripeAccounts,
  stripeEvents,
} from '@guichet/db/schema/payments';
import { and, asc, eq, gt, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';

// Every function takes the organisation id and uses it in its WHERE, except the webhook's lookups by a
// Stripe id (an account, a session): Stripe names no organisation, and those ids are ours to resolve.

export type StripeAccountRow = typeof stripeAccounts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

// Connected accounts ----------------------------------------------------------------------------------------

export async function findAccount(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.organizationId, organizationId));
  return row;
}

/** The name and contact e-mail a new connected account is created with. */
export async function organizationContact(db: Queryable, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, email: organizations.contactEmail })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/** Stores the organisation's account; of two racing first clicks the first stored wins (and is returned). */
export async function saveAccount(db: Queryable, organizationId: string, stripeAccountId: string) {
  await db.insert(stripeAccounts).values({ organizationId, stripeAccountId }).onConflictDoNothing();
  return findAccount(db, organizationId);
}

export async function updateAccountState(
  db: Queryable,
  organizationId: string,
  state: { detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean },
) {
  await db
    .update(stripeAccounts)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(stripeAccounts.organizationId, organizationId));
}

/** The webhook's lookup: which organisation a Stripe account belongs to. */
export async function accountByStripeId(db: Queryable, stripeAccountId: string) {
  const [row] = await db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.stripeAccountId, stripeAccountId));
  return row;
}

// Checkout sessions -----------------------------------------------------------------------------------------

/** Stores a new open session; false when the order already has one open (a concurrent click won). */
export async function insertSession(db: Queryable, values: typeof checkoutSessions.$inferInsert) {
  const rows = await db.insert(checkoutSessions).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function openSession(db: Queryable, organizationId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.organizationId, organizationId),
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.status, 'open'),
      ),
    );
  return row;
}

/** The webhook's lookup of a session by Stripe's id. */
export async function sessionById(db: Queryable, sessionId: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return row;
}

export async function setSessionStatus(
  db: Queryable,
  organizationId: string,
  sessionId: string,
  status: 'open' | 'complete' | 'expired',
) {
  await db
    .update(checkoutSessions)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(checkoutSessions.organizationId, organizationId), eq(checkoutSessions.id, sessionId)));
}

/**
 * Open sessions whose order can no longer be paid through them (expired, cancelled, or already paid
 * another way), or that Stripe has expired by now: the job closes them. Across organisations, like the
 * reservation expiry scan.
 */
export async function staleSessions(db: Queryable, now: Date, limit: number) {
  return db
    .select({ session: checkoutSessions })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.orderId))
    .where(
      and(
        eq(checkoutSessions.status, 'open'),
        or(ne(orders.status, 'reserved'), lt(orders.reservedUntil, now), lt(checkoutSessions.expiresAt, now)),
      ),
    )
    .orderBy(asc(checkoutSessions.createdAt))
    .limit(limit);
}

// Refunds ---------------------------------------------------------------------------------------------------

export async function insertRefund(db: Queryable, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function markRefund(
  db: Queryable,
  organizationId: string,
  refundId: string,
  values: {
    status: 'pending' | 'succeeded' | 'failed';
    stripeRefundId?: string;
    failureMessage?: string | null;
  },
) {
  await db
    .update(refunds)
    .set({ ...values, attempts: sql`${refunds.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(refunds.organizationId, organizationId),
        eq(refunds.id, refundId),
        eq(refunds.status, 'pending'),
      ),
    );
}

/** Ends a pending refund as failed; true for the one caller whose UPDATE changed it. */
export async function markRefundFailed(
  db: Queryable,
  organizationId: string,
  refundId: string,
  values: { failureMessage: string; stripeRefundId: string | null },
): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({
      status: 'failed',
      failureMessage: values.failureMessage,
      ...(values.stripeRefundId ? { stripeRefundId: values.stripeRefundId } : {}),
      attempts: sql`${refunds.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(refunds.organizationId, organizationId),
        eq(refunds.id, refundId),
        eq(refunds.status, 'pending'),
      ),
    )
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** Stripe refunds still waiting for Stripe's answer, oldest first (the retry job's scan). */
export async function pendingRefunds(db: Queryable, olderThan: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, olderThan)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/**
 * Counts money given back on the order: matches only while the total refunded stays within what the
 * order cost (the CHECK on `orders` holds it too), so concurrent refunds can never give back more.
 */
export async function addRefunded(
  db: Queryable,
  organizationId: string,
  orderId: string,
  amountMinor: number,
) {
  const [row] = await db
    .update(orders)
    .set({ refundedMinor: sql`${orders.refundedMinor} + ${amountMinor}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.id, orderId),
        sql`${orders.refundedMinor} + ${amountMinor} <= ${orders.totalMinor}`,
      ),
    )
    .returning();
  return row;
}

/** Valid tickets of the order become refunded; answers the ones that changed (each changes once). */
export async function refundTickets(
  db: Queryable,
  organizationId: string,
  orderId: string,
  ticketIds: string[],
) {
  if (ticketIds.length === 0) return [];
  return db
    .update(tickets)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.orderId, orderId),
        inArray(tickets.id, ticketIds),
        eq(tickets.status, 'valid'),
      ),
    )
    .returning();
}

/** The tickets of an expired reservation become valid again (a late payment honoured). */
export async function reinstateTickets(db: Queryable, organizationId: string, orderId: string) {
  return db
    .update(tickets)
    .set({ status: 'valid', updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.organizationId, organizationId),
        eq(tickets.orderId, orderId),
        eq(tickets.status, 'cancelled'),
      ),
    )
    .returning();
}

/** An order's tickets counted per ticket type, whatever their status (what a reservation asked for). */
export async function orderedPlaces(db: Queryable, organizationId: string, orderId: string) {
  return db
    .select({ ticketTypeId: tickets.ticketTypeId, quantity: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.organizationId, organizationId), eq(tickets.orderId, orderId)))
    .groupBy(tickets.ticketTypeId);
}

// Webhook events --------------------------------------------------------------------------------------------

/**
 * Claims a Stripe event in the transaction that processes it: true the first time. A redelivery (even one
 * arriving while the first is still being processed) waits on the primary key and then claims nothing.
 */
export async function claimEvent(db: Queryable, event: { id: string; type: string; account: string | null }) {
  const rows = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, account: event.account })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/**
 * Card payments whose processor fee is not in the ledger yet, oldest first (the payments job's catch-up
 * after Stripe was unreachable when the payment came in).
 */
export async function paymentsWithoutProcessorFee(db: Queryable, olderThan: Date, limit: number) {
  return db
    .select({ payment: payments, eventId: orders.eventId })
    .from(payments)
    .innerJoin(
      orders,
      and(eq(orders.id, payments.orderId), eq(orders.organizationId, payments.organizationId)),
    )
    .where(
      and(
        eq(payments.provider, 'stripe'),
        lt(payments.createdAt, olderThan),
        // Payments older than a week are left to reconciliation.
        gt(payments.createdAt, sql`now() - interval '7 days'`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.paymentId, payments.id), eq(ledgerEntries.kind, 'processor_fee'))),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}
