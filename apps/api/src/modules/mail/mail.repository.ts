import type { Database, Queryable } from '@guichet/db/client';
import { outbox } from '@guichet/db/schema/outbox';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterId } from '../../cursor';

/**
 * A file to attach, named rather than held: the outbox worker renders it when the mail leaves, so the
 * transaction that queues the mail stays short. `tickets-pdf`: the valid tickets of a paid order.
 */
export type AttachmentRef = {
  /**
   * `event-ics`: the order's event as an iCalendar file. `receipt-pdf`: a paid order's receipt.
   * `invoice-pdf`: the invoice the buyer asked for at checkout.
   */
  kind: 'tickets-pdf' | 'event-ics' | 'receipt-pdf' | 'invoice-pdf';
  filename: string;
  organizationId: string;
  orderId: string;
};

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the organiser's contact address for order mail), when not the sender. */
  replyTo?: string;
  /** The order the mail is about: the back office lists an order's mail by it. */
  about?: { organizationId: string; orderId: string };
  attachments?: AttachmentRef[];
  /** Extra headers, e.g. a mailing's one-click unsubscribe (RFC 8058 `List-Unsubscribe`). */
  headers?: Record<string, string>;
}

/** A rendered attachment, as the mailer sends it. */
export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Renders a named attachment; null when there is nothing to attach any more (e.g. the order was cancelled). */
export type AttachmentRenderer = (ref: AttachmentRef) => Promise<RenderedAttachment | null>;

/** What leaves through the mailer: the message with its attachments rendered. */
export type OutgoingMail = Omit<MailMessage, 'attachments' | 'about'> & {
  attachments?: RenderedAttachment[];
};

/** Writes the mail to the outbox; call it inside the transaction of the action that causes it. */
export async function enqueueMail(db: Queryable, message: MailMessage): Promise<void> {
  await db.insert(outbox).values({
    kind: 'mail',
    payload: message,
    organizationId: message.about?.organizationId ?? null,
    orderId: message.about?.orderId ?? null,
  });
}

/**
 * Claims due outbox rows; SKIP LOCKED lets several workers share the table without double sends. A claim
 * is a lease of `leaseSeconds`: a worker killed mid-delivery leaves its rows to whichever worker finds
 * them due again after that (the lease must outlast the slowest delivery).
 */
export async function claimDue(db: Database, limit: number, leaseSeconds = 300) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(outbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      // Push the claimed rows out of reach for a while; success or failure sets them properly below.
      await tx
        .update(outbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          inArray(
            outbox.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });
}

export async function markDone(db: Database, id: string, status: 'sent' | 'stored'): Promise<void> {
  await db.update(outbox).set({ status, processedAt: sql`now()`, lastError: null }).where(eq(outbox.id, id));
}

export async function markFailed(
  db: Database,
  id: string,
  attempts: number,
  error: string,
  give_up: boolean,
) {
  await db
    .update(outbox)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      status: give_up ? 'failed' : 'pending',
      // Exponential backoff: 10 s, 20 s, 40 s ... capped at one hour.
      nextAttemptAt: sql`now() + make_interval(secs => ${Math.min(3600, 10 * 2 ** (attempts - 1))})`,
      processedAt: give_up ? sql`now()` : null,
    })
    .where(eq(outbox.id, id));
}

/** The mail of one order, newest first; the organisation in the WHERE keeps other organisations' out. */
/** A page of an order's mail, newest first (uuidv7 ids). */
export async function listOrderMail(
  db: Queryable,
  organizationId: string,
  orderId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({
      id: outbox.id,
      payload: outbox.payload,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      processedAt: outbox.processedAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.organizationId, organizationId),
        eq(outbox.orderId, orderId),
        afterId(page.cursor, outbox.id, true),
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(page.limit + 1);
}

/** One mail of the development mailbox (kept or waiting), for its attachments. */
export async function findMailboxItem(db: Database, id: string) {
  const [row] = await db
    .select({ id: outbox.id, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.kind, 'mail'), inArray(outbox.status, ['stored', 'pending'])));
  return row;
}

/** The development mailbox: mail kept because no SMTP server is configured, newest first. */
/** A page of the development mailbox, newest first (uuidv7 ids). */
export async function listMailbox(db: Database, page: { limit: number; cursor?: string }) {
  return db
    .select({ id: outbox.id, payload: outbox.payload, createdAt: outbox.createdAt, status: outbox.status })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'mail'),
        inArray(outbox.status, ['stored', 'pending']),
        afterId(page.cursor, outbox.id, true),
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(page.limit + 1);
}
