import type { Database, Queryable } from '@guichet/db/client';
import { mailingRecipients, mailings, mailSuppressions } from '@guichet/db/schema/mailings';
import { organizations } from '@guichet/db/schema/organizations';
import type { MailingStatus, RecipientStatus } from '@guichet/shared/mailings';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';

// Every function takes the organisation id and uses it in its WHERE, except the worker's claim, which
// reads the queue of every organisation, and the unsubscribe, whose organisation comes from a signed link.

export type MailingRow = typeof mailings.$inferSelect;
export type RecipientRow = typeof mailingRecipients.$inferSelect;
export type NewRecipient = Pick<RecipientRow, 'customerId' | 'email' | 'name' | 'language'>;

/** The rows of a hand-written query (the drivers answer `{ rows }` alike). */
async function executeRows<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function insertMailing(db: Queryable, values: typeof mailings.$inferInsert) {
  const [row] = await db.insert(mailings).values(values).returning();
  return row as MailingRow;
}

export async function findMailing(db: Queryable, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailings)
    .where(and(eq(mailings.organizationId, organizationId), eq(mailings.id, id)));
  return row;
}

/** Newest first, keyset on the time-ordered id. */
export async function listMailings(db: Queryable, organizationId: string, limit: number, before?: string) {
  const rows = await db
    .select()
    .from(mailings)
    .where(and(eq(mailings.organizationId, organizationId), before ? lt(mailings.id, before) : undefined))
    .orderBy(desc(mailings.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Changes a draft's content; answers nothing when it is no longer a draft (the caller says why). */
export async function updateDraft(
  db: Queryable,
  organizationId: string,
  id: string,
  values: Partial<Pick<MailingRow, 'audience' | 'subject' | 'bodyHtml'>>,
) {
  const [row] = await db
    .update(mailings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(mailings.organizationId, organizationId), eq(mailings.id, id), eq(mailings.status, 'draft')),
    )
    .returning();
  return row;
}

/**
 * Moves a mailing from one of `from` to `to`, guarded by its current status so two staff members (or the
 * worker finishing it) cannot both win; answers the row when this caller's change happened.
 */
export async function transition(
  db: Queryable,
  organizationId: string,
  id: string,
  from: readonly MailingStatus[],
  to: MailingStatus,
) {
  const [row] = await db
    .update(mailings)
    .set({
      status: to,
      statusChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(to === 'sending' ? { startedAt: sql`coalesce(${mailings.startedAt}, now())` } : {}),
      ...(to === 'sent' || to === 'cancelled' ? { finishedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(mailings.organizationId, organizationId),
        eq(mailings.id, id),
        inArray(mailings.status, [...from]),
      ),
    )
    .returning();
  return row;
}

/** Whatever is still queued of a cancelled mailing will not leave. */
export async function cancelQueued(db: Queryable, organizationId: string, mailingId: string) {
  await db
    .update(mailingRecipients)
    .set({ status: 'cancelled', processedAt: sql`now()` })
    .where(
      and(
        eq(mailingRecipients.organizationId, organizationId),
        eq(mailingRecipients.mailingId, mailingId),
        eq(mailingRecipients.status, 'queued'),
      ),
    );
}

/** Recipient counts per status for these mailings. */
export async function progressOf(db: Queryable, organizationId: string, mailingIds: readonly string[]) {
  const result = new Map<string, Map<RecipientStatus, number>>();
  if (mailingIds.length === 0) return result;
  const rows = await db
    .select({
      mailingId: mailingRecipients.mailingId,
      status: mailingRecipients.status,
      count: sql<number>`count(*)::int`,
    })
    .from(mailingRecipients)
    .where(
      and(
        eq(mailingRecipients.organizationId, organizationId),
        inArray(mailingRecipients.mailingId, [...mailingIds]),
      ),
    )
    .groupBy(mailingRecipients.mailingId, mailingRecipients.status);
  for (const row of rows) {
    const counts = result.get(row.mailingId) ?? new Map<RecipientStatus, number>();
    counts.set(row.status, row.count);
    result.set(row.mailingId, counts);
  }
  return result;
}

/** One page of a mailing's recipients in id order. */
export async function listRecipients(
  db: Queryable,
  organizationId: string,
  mailingId: string,
  p: { limit: number; after?: string | undefined; status?: RecipientStatus | undefined },
) {
  const rows = await db
    .select()
    .from(mailingRecipients)
    .where(
      and(
        eq(mailingRecipients.organizationId, organizationId),
        eq(mailingRecipients.mailingId, mailingId),
        p.after ? sql`${mailingRecipients.id} > ${p.after}` : undefined,
        p.status ? eq(mailingRecipients.status, p.status) : undefined,
      ),
    )
    .orderBy(mailingRecipients.id)
    .limit(p.limit + 1);
  return { rows: rows.slice(0, p.limit), more: rows.length > p.limit };
}

/** The organiser's name and postal address, for the footer every mailing carries. */
export async function organiserOf(db: Queryable, organizationId: string) {
  const [row] = await db
    .select({
      name: organizations.name,
      legalName: organizations.legalName,
      addressLine1: organizations.addressLine1,
      addressLine2: organizations.addressLine2,
      postalCode: organizations.postalCode,
      city: organizations.city,
      country: organizations.country,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

// ---- Expansion: the audience becomes recipients, one batch at a time (never all in memory). ----

/** Mailings whose recipients are still being added. */
export async function mailingsToExpand(db: Queryable, limit: number) {
  return db
    .select()
    .from(mailings)
    .where(and(eq(mailings.status, 'sending'), sql`${mailings.expandedAt} is null`))
    .orderBy(mailings.id)
    .limit(limit);
}

/**
 * The next batch of a member list's members valid today (the organisation's calendar), after `cursor`
 * (a customer id), merged records left out.
 */
export async function listMembersAfter(
  db: Queryable,
  organizationId: string,
  listId: string,
  cursor: string | null,
  limit: number,
) {
  return executeRows<NewRecipient & { key: string }>(
    db,
    sql`
    select c.id as "customerId", lower(c.email) as email, c.name, coalesce(c.language, 'en') as language,
      c.id::text as key
    from member_list_members m
      join customers c on c.id = m.customer_id and c.organization_id = m.organization_id
      join organizations org on org.id = m.organization_id
    where m.organization_id = ${organizationId} and m.list_id = ${listId} and c.merged_into is null
      and (m.valid_from is null or m.valid_from <= (now() at time zone org.time_zone)::date::text)
      and (m.valid_until is null or m.valid_until >= (now() at time zone org.time_zone)::date::text)
      and (${cursor}::uuid is null or c.id > ${cursor}::uuid)
    order by c.id
    limit ${limit}`,
  );
}

/**
 * The next batch of one event's ticket holders (buyers of a paid order with a valid ticket), one per
 * lower-case e-mail, after `cursor` (an e-mail). The language is the customer's, else their order's.
 */
export async function eventHoldersAfter(
  db: Queryable,
  organizationId: string,
  eventId: string,
  cursor: string | null,
  limit: number,
) {
  return executeRows<NewRecipient & { key: string }>(
    db,
    sql`
    select h.email, h.email as key, h.name, c.id as "customerId",
      coalesce(c.language, h.locale, 'en') as language
    from (
      select lower(o.buyer_email) as email, max(o.buyer_name) as name, max(o.locale) as locale
      from orders o
      where o.organization_id = ${organizationId} and o.event_id = ${eventId} and o.status = 'paid'
        and exists (select 1 from tickets t where t.order_id = o.id and t.organization_id = o.organization_id
          and t.status = 'valid')
        and (${cursor}::text is null or lower(o.buyer_email) > ${cursor}::text)
      group by lower(o.buyer_email)
      order by 1
      limit ${limit}
    ) h
    left join customers c on c.organization_id = ${organizationId} and lower(c.email) = h.email
      and c.merged_into is null
    order by h.email`,
  );
}

/**
 * Queues a batch of recipients and moves the mailing's cursor past it, in one transaction (a run cut
 * short resumes after the last batch it committed). A person already queued is kept once.
 */
export async function queueBatch(
  db: Database,
  mailing: MailingRow,
  batch: readonly NewRecipient[],
  nextCursor: string | null,
  done: boolean,
) {
  await db.transaction(async (tx) => {
    if (batch.length > 0) {
      await tx
        .insert(mailingRecipients)
        .values(batch.map((r) => ({ ...r, organizationId: mailing.organizationId, mailingId: mailing.id })))
        .onConflictDoNothing();
    }
    await tx
      .update(mailings)
      .set({ expansionCursor: nextCursor, ...(done ? { expandedAt: sql`now()` } : {}) })
      .where(and(eq(mailings.organizationId, mailing.organizationId), eq(mailings.id, mailing.id)));
  });
}

// ---- Delivery: the mailing lane's queue. ----

/**
 * Claims queued recipients of mailings being sent, oldest first; SKIP LOCKED and a lease as the outbox
 * (decision 023): a worker killed mid-delivery leaves its rows due again after `leaseSeconds`.
 */
export async function claimRecipients(db: Database, limit: number, leaseSeconds: number) {
  return db.transaction(async (tx) => {
    const rows = await executeRows<{ id: string }>(
      tx,
      sql`
      select r.id from mailing_recipients r
      where r.status = 'queued' and r.next_attempt_at <= now()
        and exists (select 1 from mailings m where m.id = r.mailing_id and m.status = 'sending')
      order by r.next_attempt_at, r.id
      limit ${limit}
      for update of r skip locked`,
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    return tx
      .update(mailingRecipients)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(inArray(mailingRecipients.id, ids))
      .returning();
  });
}

/**
 * What decides, at the moment of sending, whether a recipient may get marketing mail: whether the address
 * is on the organisation's suppression list, and the latest consent record of the customer with that
 * address (null: none recorded), latest by time, then id (ids made within one millisecond are not
 * ordered among themselves).
 */
export async function sendingChecks(db: Queryable, organizationId: string, emails: readonly string[]) {
  const result = new Map<string, { suppressed: boolean; consent: boolean | null }>();
  if (emails.length === 0) return result;
  const list = sql.join(
    emails.map((email) => sql`${email}`),
    sql`, `,
  );
  const rows = await executeRows<{ email: string; suppressed: boolean; consent: boolean | null }>(
    db,
    sql`
    select e.email,
      exists (select 1 from mail_suppressions s where s.organization_id = ${organizationId}
        and s.email = e.email) as suppressed,
      (select cc.granted from customers c join customer_consents cc
          on cc.customer_id = c.id and cc.organization_id = c.organization_id
        where c.organization_id = ${organizationId} and lower(c.email) = e.email
        order by cc.created_at desc, cc.id desc limit 1) as consent
    from unnest(array[${list}]::text[]) as e(email)`,
  );
  for (const row of rows) result.set(row.email, { suppressed: row.suppressed, consent: row.consent });
  return result;
}

/** Sets a claimed recipient's outcome, unless the mailing was cancelled meanwhile (then it stays cancelled). */
export async function settleRecipient(
  db: Queryable,
  id: string,
  outcome: { status: RecipientStatus; attempts?: number; error?: string | null; retryInSeconds?: number },
) {
  await db
    .update(mailingRecipients)
    .set({
      status: outcome.status,
      attempts: outcome.attempts ?? sql`${mailingRecipients.attempts}`,
      lastError: outcome.error?.slice(0, 500) ?? null,
      processedAt: outcome.status === 'queued' ? null : sql`now()`,
      ...(outcome.retryInSeconds
        ? { nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInSeconds})` }
        : {}),
    })
    .where(and(eq(mailingRecipients.id, id), eq(mailingRecipients.status, 'queued')));
}

/**
 * Settles claimed recipients with one outcome in one statement: those sent, or those skipped, of a batch
 * (a statement per recipient was a commit per mail). Rows of a mailing cancelled meanwhile stay cancelled.
 */
export async function settleRecipients(
  db: Queryable,
  ids: readonly string[],
  status: 'sent' | 'skipped-suppressed' | 'skipped-no-consent',
) {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // A sent row counts its attempt; a skipped one was never attempted.
  const counted = status === 'sent' ? 1 : 0;
  await db.execute(sql`
    update mailing_recipients set status = ${status}, attempts = attempts + ${counted}, last_error = null,
      processed_at = now()
    where id in (${list}) and status = 'queued'`);
}

/**
 * Mailings fully expanded with nobody left queued are finished: `sent`, or `failed` when deliveries
 * failed and none was sent.
 */
export async function finishMailings(db: Queryable) {
  await db.execute(sql`
    update mailings m set finished_at = now(), status_changed_at = now(), updated_at = now(),
      status = case
        when exists (select 1 from mailing_recipients r where r.mailing_id = m.id and r.status = 'failed')
          and not exists (select 1 from mailing_recipients r where r.mailing_id = m.id and r.status = 'sent')
        then 'failed' else 'sent' end
    where m.status = 'sending' and m.expanded_at is not null
      and not exists (select 1 from mailing_recipients r where r.mailing_id = m.id and r.status = 'queued')`);
}

// ---- Suppression list. ----

/** Adds an address to the organisation's suppression list (the first reason recorded stays). */
export async function suppress(
  db: Queryable,
  values: {
    organizationId: string;
    email: string;
    reason: 'unsubscribed' | 'bounced' | 'complained';
    mailingId?: string | null;
  },
) {
  await db
    .insert(mailSuppressions)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing();
}

/** The customer with this address (lower case), for recording a withdrawal of consent. */
export async function customerIdByEmail(db: Queryable, organizationId: string, email: string) {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select id from customers where organization_id = ${organizationId} and lower(email) = ${email}
      and merged_into is null limit 1`,
  );
  return rows[0]?.id;
}

/** Whether the organisation has this member list / this event (an audience must be the organisation's own). */
export async function audienceExists(
  db: Queryable,
  organizationId: string,
  target: { kind: 'list' | 'event'; id: string },
) {
  const rows = await executeRows<{ found: number }>(
    db,
    target.kind === 'list'
      ? sql`select 1 as found from member_lists where organization_id = ${organizationId} and id = ${target.id}`
      : sql`select 1 as found from events where organization_id = ${organizationId} and id = ${target.id}`,
  );
  return rows.length > 0;
}

/** A staff member's own address and language (a test send goes to the one who asks). */
export async function staffAddress(db: Queryable, staffId: string) {
  const rows = await executeRows<{ email: string; locale: string }>(
    db,
    sql`select email, locale from staff where id = ${staffId}`,
  );
  return rows[0];
}
