import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { escapeLike } from '@guichet/db/like';
import { customerConsents, customerNotes } from '@guichet/db/schema/customers';
import { events } from '@guichet/db/schema/events';
import { staff } from '@guichet/db/schema/identity';
import { customers, orders } from '@guichet/db/schema/orders';
import { organizations } from '@guichet/db/schema/organizations';
import type { CustomerFilters, CustomerSort } from '@guichet/shared/customers';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, isInstant } from '../../cursor';

// Every function takes the organisation id and uses it in its WHERE. A customer's orders are found by
// the buyer's e-mail (case-insensitive, by `orders_organization_email_idx`), so totals are always what
// the orders, refunds and check-ins say now, never a counter that could drift.

export type CustomerRow = typeof customers.$inferSelect;

/** Orders that count for a customer: placed and not given up (reservations count once paid). */
export const LIVE_ORDER = sql`('paid', 'pending_payment')`;

const c = customers;

/** The rows of a hand-written query (the drivers answer `{ rows }` alike). */
async function executeRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The customer's orders, matched by e-mail inside the organisation. */
const ownOrder = (organizationId: string) =>
  sql`o.organization_id = ${organizationId} and lower(o.buyer_email) = lower(${c.email})`;

/** The latest consent record's `granted`, or null when none was recorded. */
const currentConsent = (organizationId: string) =>
  sql`(select cc.granted from customer_consents cc where cc.organization_id = ${organizationId}
    and cc.customer_id = ${c.id} order by cc.id desc limit 1)`;

export function filterConditions(organizationId: string, f: CustomerFilters): (SQL | undefined)[] {
  const search = f.q ? `%${escapeLike(f.q)}%` : undefined;
  const spendBounded = f.spendCurrency && (f.spendMin !== undefined || f.spendMax !== undefined);
  const spend = sql`coalesce((select sum(o.total_minor - o.refunded_minor) from orders o
    where ${ownOrder(organizationId)} and o.status = 'paid' and o.currency = ${f.spendCurrency ?? ''}), 0)`;
  return [
    eq(c.organizationId, organizationId),
    isNull(c.mergedInto),
    search && f.q
      ? or(
          ilike(c.name, search),
          ilike(c.email, search),
          // An order's code finds its buyer (codes are exact: 16 characters, upper case).
          sql`lower(${c.email}) in (select lower(o.buyer_email) from orders o
            where o.organization_id = ${organizationId} and o.code = ${f.q.toUpperCase()})`,
        )
      : undefined,
    f.eventId && f.eventRelation === 'bought'
      ? sql`exists (select 1 from orders o where ${ownOrder(organizationId)} and o.event_id = ${f.eventId}
          and o.status in ${LIVE_ORDER})`
      : undefined,
    f.eventId && f.eventRelation === 'attended'
      ? sql`exists (select 1 from checkin_log l join tickets t on t.id = l.ticket_id
          join orders o on o.id = t.order_id
          where l.organization_id = ${organizationId} and l.event_id = ${f.eventId} and l.admitted
            and l.undone_at is null and ${ownOrder(organizationId)})`
      : undefined,
    f.tag ? sql`${c.tags} @> array[${f.tag}]::text[]` : undefined,
    f.consent === 'granted' ? sql`${currentConsent(organizationId)} = true` : undefined,
    f.consent === 'withdrawn' ? sql`${currentConsent(organizationId)} = false` : undefined,
    f.consent === 'none' ? sql`${currentConsent(organizationId)} is null` : undefined,
    spendBounded && f.spendMin !== undefined ? sql`${spend} >= ${f.spendMin}` : undefined,
    spendBounded && f.spendMax !== undefined ? sql`${spend} <= ${f.spendMax}` : undefined,
    f.firstSeenFrom ? gte(c.firstOrderAt, new Date(f.firstSeenFrom)) : undefined,
    f.firstSeenTo ? lte(c.firstOrderAt, new Date(f.firstSeenTo)) : undefined,
    f.lastSeenFrom ? gte(c.lastOrderAt, new Date(f.lastSeenFrom)) : undefined,
    f.lastSeenTo ? lte(c.lastOrderAt, new Date(f.lastSeenTo)) : undefined,
    f.listId
      ? sql`exists (select 1 from member_list_members m where m.organization_id = ${organizationId}
          and m.list_id = ${f.listId} and m.customer_id = ${c.id})`
      : undefined,
  ];
}

export const SORT_COLUMNS: Record<CustomerSort, { key: SQL; cast: SQL }> = {
  lastSeen: { key: sql`${c.lastOrderAt}`, cast: sql`timestamptz` },
  firstSeen: { key: sql`${c.firstOrderAt}`, cast: sql`timestamptz` },
  name: { key: sql`lower(${c.name})`, cast: sql`text` },
  email: { key: sql`lower(${c.email})`, cast: sql`text` },
};

export interface CustomerListParams {
  filters: CustomerFilters;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
  limit: number;
  /** The last row shown: its sort value (as PostgreSQL writes it) and id. */
  after?: [string, string] | undefined;
}

/** The ids of the customers matching a filter, at most `limit` (adding a filtered set to a list). */
export async function customerIdsMatching(
  db: Queryable,
  organizationId: string,
  filters: CustomerFilters,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: c.id })
    .from(c)
    .where(and(...filterConditions(organizationId, filters)))
    .orderBy(asc(c.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export interface TotalsRow {
  email: string;
  orderCount: number;
  ticketCount: number;
  eventsAttended: number;
  checkIns: number;
  spend: { currency: string; amountMinor: number }[];
}

/** The totals of the customers with these e-mails (lower case), from orders, refunds, tickets, check-ins. */
export async function totalsByEmail(
  db: Queryable,
  organizationId: string,
  emails: readonly string[],
): Promise<Map<string, TotalsRow>> {
  const result = new Map<string, TotalsRow>();
  if (emails.length === 0) return result;
  for (const email of emails) {
    result.set(email, { email, orderCount: 0, ticketCount: 0, eventsAttended: 0, checkIns: 0, spend: [] });
  }
  const list = sql.join(
    emails.map((email) => sql`${email}`),
    sql`, `,
  );
  const [money, ticketRows, checkinRows] = await Promise.all([
    executeRows<{ email: string; currency: string; orders: number; spend: string | null }>(
      db,
      sql`
      select lower(o.buyer_email) as email, o.currency, count(*)::int as orders,
        sum(o.total_minor - o.refunded_minor) filter (where o.status = 'paid')::text as spend
      from orders o
      where o.organization_id = ${organizationId} and lower(o.buyer_email) in (${list})
        and o.status in ${LIVE_ORDER}
      group by 1, 2`,
    ),
    executeRows<{ email: string; tickets: number }>(
      db,
      sql`
      select lower(o.buyer_email) as email, count(*)::int as tickets
      from orders o join tickets t on t.order_id = o.id and t.organization_id = o.organization_id
      where o.organization_id = ${organizationId} and lower(o.buyer_email) in (${list})
        and o.status in ${LIVE_ORDER} and t.status = 'valid'
      group by 1`,
    ),
    executeRows<{ email: string; checkins: number; events: number }>(
      db,
      sql`
      select lower(o.buyer_email) as email, count(*)::int as checkins,
        count(distinct l.event_id)::int as events
      from orders o join tickets t on t.order_id = o.id and t.organization_id = o.organization_id
        join checkin_log l on l.ticket_id = t.id and l.organization_id = o.organization_id
      where o.organization_id = ${organizationId} and lower(o.buyer_email) in (${list})
        and l.admitted and l.undone_at is null and l.direction = 'entry'
      group by 1`,
    ),
  ]);
  for (const row of money) {
    const totals = result.get(row.email);
    if (!totals) continue;
    totals.orderCount += row.orders;
    // Money counts once paid: a currency with only pending orders has no spend yet.
    if (row.spend !== null) totals.spend.push({ currency: row.currency, amountMinor: Number(row.spend) });
  }
  for (const row of ticketRows) {
    const totals = result.get(row.email);
    if (totals) totals.ticketCount = row.tickets;
  }
  for (const row of checkinRows) {
    const totals = result.get(row.email);
    if (!totals) continue;
    totals.checkIns = row.checkins;
    totals.eventsAttended = row.events;
  }
  for (const totals of result.values()) totals.spend.sort((a, b) => a.currency.localeCompare(b.currency));
  return result;
}

/** The latest consent of each customer given (absent: none recorded). */
export async function currentConsents(db: Queryable, organizationId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0) return new Map<string, boolean>();
  const rows = await executeRows<{ customer_id: string; granted: boolean }>(
    db,
    sql`select distinct on (cc.customer_id) cc.customer_id, cc.granted from customer_consents cc
      where cc.organization_id = ${organizationId} and cc.customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by cc.customer_id, cc.id desc`,
  );
  return new Map(rows.map((row) => [row.customer_id, row.granted]));
}

export async function findCustomer(
  db: Queryable,
  organizationId: string,
  customerId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.id, customerId)));
  return row;
}

export async function findCustomerByEmail(db: Queryable, organizationId: string, email: string) {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, organizationId), sql`lower(${c.email}) = lower(${email})`));
  return row;
}

/**
 * The customer for an e-mail, made when unknown (a list member added by hand). One statement: two callers
 * at once get the same row, held by the unique index on the organisation and the lower-case e-mail.
 */
export async function ensureCustomer(
  db: Queryable,
  organizationId: string,
  person: { email: string; name: string; currency: string },
): Promise<{ id: string; email: string; name: string; inserted: boolean }> {
  // `xmax = 0` only on a row this statement inserted: a known person's row was locked by the update.
  const [row] = await executeRows<{ id: string; email: string; name: string; inserted: boolean }>(
    db,
    sql`insert into customers (id, organization_id, email, name, first_order_at, last_order_at, currency)
      values (${uuidv7()}, ${organizationId}, ${person.email}, ${person.name}, now(), now(), ${person.currency})
      on conflict (organization_id, lower(email)) do update set updated_at = customers.updated_at
      returning id, email, name, (xmax = 0) as inserted`,
  );
  if (!row) throw new Error('customer upsert returned nothing');
  return row;
}

export async function organizationCurrency(db: Queryable, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.defaultCurrency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.currency ?? 'EUR';
}

export async function organizationTimeZone(db: Queryable, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timeZone ?? 'UTC';
}

export type CustomerUpdate = Partial<Pick<CustomerRow, 'name' | 'phone' | 'language' | 'tags' | 'notes'>>;

export async function updateCustomer(
  db: Queryable,
  organizationId: string,
  customerId: string,
  values: CustomerUpdate,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(c)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(c.organizationId, organizationId), eq(c.id, customerId), isNull(c.mergedInto)))
    .returning();
  return row;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Adds and removes tags on many customers in one statement; the tags stay sorted and distinct. */
export async function retagCustomers(
  db: Queryable,
  organizationId: string,
  customerIds: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): Promise<number> {
  const rows = await db
    .update(c)
    .set({
      tags: sql`array(select distinct tag from unnest(${c.tags} || ${textArray(add)}) as tag
        where not (tag = any(${textArray(remove)})) order by tag)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(c.organizationId, organizationId), inArray(c.id, [...customerIds]), isNull(c.mergedInto)))
    .returning({ id: c.id });
  return rows.length;
}

/** The organisation's events, newest first, for the "bought or attended" filter. */
export async function eventOptions(
  db: Queryable,
  organizationId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select({ id: events.id, name: events.name, startsAt: events.startsAt })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        afterCursor(page.cursor, events.startsAt, events.id, {
          descending: true,
          cast: sql`::timestamptz`,
          accepts: isInstant,
        }),
      ),
    )
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(page.limit + 1);
}

// Consent and notes ------------------------------------------------------------------------------------------

export async function insertConsent(db: Queryable, values: typeof customerConsents.$inferInsert) {
  await db.insert(customerConsents).values(values);
}

export async function consentHistory(db: Queryable, organizationId: string, customerId: string) {
  return db
    .select({ consent: customerConsents, actorName: staff.displayName })
    .from(customerConsents)
    .leftJoin(staff, eq(staff.id, customerConsents.recordedBy))
    .where(
      and(eq(customerConsents.organizationId, organizationId), eq(customerConsents.customerId, customerId)),
    )
    .orderBy(desc(customerConsents.id));
}

export async function insertNote(db: Queryable, values: typeof customerNotes.$inferInsert) {
  await db.insert(customerNotes).values(values);
}

export async function customerNotesOf(
  db: Queryable,
  organizationId: string,
  customerId: string,
  limit: number,
) {
  return db
    .select({ note: customerNotes, actorName: staff.displayName })
    .from(customerNotes)
    .leftJoin(staff, eq(staff.id, customerNotes.authorId))
    .where(and(eq(customerNotes.organizationId, organizationId), eq(customerNotes.customerId, customerId)))
    .orderBy(desc(customerNotes.id))
    .limit(limit);
}

// Timeline ---------------------------------------------------------------------------------------------------

/** The person's orders (every status) with their event and valid tickets, newest first. */
export async function ordersOf(db: Queryable, organizationId: string, email: string, limit: number) {
  return db
    .select({
      id: orders.id,
      code: orders.code,
      eventId: orders.eventId,
      eventName: events.name,
      status: orders.status,
      totalMinor: orders.totalMinor,
      refundedMinor: orders.refundedMinor,
      currency: orders.currency,
      createdAt: orders.createdAt,
      ticketCount: sql<number>`(select count(*)::int from tickets t where t.organization_id = ${organizationId}
        and t.order_id = "orders"."id" and t.status = 'valid')`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.organizationId, organizationId), sql`lower(${orders.buyerEmail}) = lower(${email})`))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** Admissions of the person's tickets (not undone), newest first. */
export async function checkInsOf(db: Queryable, organizationId: string, email: string, limit: number) {
  return executeRows<{
    id: string;
    scanned_at: string;
    order_id: string;
    event_id: string;
    event_name: string;
    attendee_name: string | null;
  }>(
    db,
    sql`
    select l.id, l.scanned_at::text as scanned_at, o.id as order_id, l.event_id, e.name as event_name,
      t.attendee_name
    from orders o join tickets t on t.order_id = o.id and t.organization_id = o.organization_id
      join checkin_log l on l.ticket_id = t.id and l.organization_id = o.organization_id
      join events e on e.id = l.event_id
    where o.organization_id = ${organizationId} and lower(o.buyer_email) = lower(${email})
      and l.admitted and l.undone_at is null and l.direction = 'entry'
    order by l.scanned_at desc
    limit ${limit}`,
  );
}

/**
 * The next batch of customers matching a filter in id order after `afterId`, with what a mailing needs
 * (a mailing's recipients are expanded batch by batch, never all at once).
 */
export async function customersMatchingAfter(
  db: Queryable,
  organizationId: string,
  filters: CustomerFilters,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      customerId: c.id,
      email: sql<string>`lower(${c.email})`,
      name: c.name,
      language: sql<string>`coalesce(${c.language}, 'en')`,
      key: sql<string>`${c.id}::text`,
    })
    .from(c)
    .where(
      and(
        ...filterConditions(organizationId, filters),
        afterId ? sql`${c.id} > ${afterId}::uuid` : undefined,
      ),
    )
    .orderBy(asc(c.id))
    .limit(limit);
}
