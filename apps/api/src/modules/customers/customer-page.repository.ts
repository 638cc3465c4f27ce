import { createHash } from 'node:crypto';
import type { Queryable } from '@guichet/db/client';
import { columnsOf, rawRows, rowOf } from '@guichet/db/raw';
import { customers } from '@guichet/db/schema/orders';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type MembershipRow, membershipOf } from '../../plugins/access.repository';
import type { AccessClaims } from '../../tokens';
import {
  type CustomerListParams,
  type CustomerRow,
  filterConditions,
  LIVE_ORDER,
  SORT_COLUMNS,
} from './customers.repository';

// A page of the customers list in ONE statement: the page's rows, the records merged into each, their
// orders' totals, tickets, check-ins and the current consent. It was six statements in three round trips
// (the page, the merged records, then three totals queries and the consents at once, each on its own
// connection of the pool), and at 16 clients the pool and the round trips, not PostgreSQL's work, set the
// pace. The totals are still read from the orders, tickets and check-ins (matched by lower-case e-mail on
// `orders_organization_email_idx`), for the page's rows only: exact, never a counter that could drift.

const c = customers;
const dialect = new PgDialect();

/**
 * The columns a page shows. Every value a row sends is formatted by PostgreSQL and parsed here: the whole
 * row (its notes, counters and two more timestamps) and the sort key beside it, five timestamps a row
 * where two are shown, were over a tenth of the API's work per page (decision 042, second pass).
 */
const PAGE_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'language',
  'tags',
  'firstOrderAt',
  'lastOrderAt',
] as const;
export type CustomerPageCustomer = Pick<CustomerRow, (typeof PAGE_COLUMNS)[number]>;
/** The page CTE's select list of those columns (a constant: the page's statement is built per request). */
const pageSelect = columnsOf(c, '"customers"', '', PAGE_COLUMNS);
/** What a page answers of each row (its sort key orders the rows; only its text goes to the cursor). */
const answerColumns = `${PAGE_COLUMNS.map((key) => `r."${key}"`).join(', ')}, r.sort_value, r.consent,
  r.order_count, r.ticket_count, r.check_ins, r.events_attended, r.spend`;

export interface CustomerPageRow {
  customer: CustomerPageCustomer;
  sortValue: string;
  consent: boolean | null;
  orderCount: number;
  ticketCount: number;
  checkIns: number;
  eventsAttended: number;
  spend: { currency: string; amountMinor: number }[];
}

interface SpendLine {
  currency: string;
  amountMinor: number | string;
}

/**
 * The caller whose membership the page's statement reads (decision 042): the organisation scope's read,
 * in the same statement, so a page is one statement and one round trip. `admitted` are the permissions
 * any one of which admits the caller (the access's, and ALL): without one, the statement reads no
 * customer; what it answers is then judged by `admitMember`, as the scope's own read is.
 */
export interface PageScope {
  claims: AccessClaims;
  admitted: readonly string[];
}

interface RawPageRow extends Record<string, unknown> {
  member_account_found?: boolean | null;
  member_permissions?: string[] | null;
  member_two_factor_missing?: boolean | null;
  sort_value: string;
  consent: boolean | null;
  order_count: number | string;
  ticket_count: number | string;
  check_ins: number | string;
  events_attended: number | string;
  spend: SpendLine[] | string;
}

/**
 * The statement of a page. Its text depends only on the filters given and the sort, not on their values,
 * so a named statement is planned once per connection and shape.
 */
function pageStatement(organizationId: string, p: CustomerListParams, scope?: PageScope): SQL {
  const { key, cast } = SORT_COLUMNS[p.sort];
  const after = p.after
    ? p.direction === 'desc'
      ? sql`(${key}, ${c.id}) < (${p.after[0]}::${cast}, ${p.after[1]}::uuid)`
      : sql`(${key}, ${c.id}) > (${p.after[0]}::${cast}, ${p.after[1]}::uuid)`
    : undefined;
  const way = p.direction === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const org = sql`${organizationId}::uuid`;
  // The page's size is written into the text (an integer the query schema bounds): as a parameter, a
  // generic plan estimates a tenth of the table for it, and its cost wakes the JIT compiler (seconds).
  const pageRows = Math.trunc(p.limit) + 1;
  // With a scope, the membership is one row (nulls when the account or its session is gone), and the
  // page's rows are read only for a member holding an admitting permission, with no two-factor missing.
  const member = scope
    ? sql`member as (
      select mb."accountFound", mb.permissions, mb."twoFactorMissing"
      from (select ${scope.claims.staffId}::uuid as staff, ${organizationId}::uuid as org,
        ${scope.claims.sessionGeneration}::int as generation) x
      left join lateral (${sql.raw(membershipOf('x.staff', 'x.org', 'x.generation'))}) mb on true
    ),`
    : sql``;
  const admitting = scope
    ? sql`array[${sql.join(
        scope.admitted.map((permission) => sql`${permission}`),
        sql`, `,
      )}]::text[]`
    : undefined;
  const admitted = admitting
    ? sql`(select mb.permissions && ${admitting} and mb."twoFactorMissing" is not true from member mb)`
    : undefined;
  // Each total is joined by the page row's id from a CTE with one row per page row: a correlated subquery
  // per total scanned its whole CTE once per row (51 × 51 rows, most of the page's execution).
  const rows = sql`
    select p.*,
      (select cc.granted from customer_consents cc where cc.organization_id = ${org}
        and cc.customer_id = p.id order by cc.id desc limit 1) as consent,
      coalesce(m.orders, 0)::int as order_count,
      coalesce(v.tickets, 0)::int as ticket_count,
      coalesce(x.checkins, 0)::int as check_ins,
      coalesce(x.events, 0)::int as events_attended,
      coalesce(m.spend, '[]'::json) as spend
    from page p
      left join person_money m on m.root_id = p.id
      left join valid_tickets v on v.root_id = p.id
      left join person_admissions x on x.root_id = p.id`;
  // With a scope, the membership comes with the first row only (parsing its permissions on every row of
  // the page cost more than the membership's own statement did), and alone (the page's columns null)
  // when the page is empty or was not read. The rows are planned apart from the membership (materialized):
  // as a lateral join of its one row, their totals were joined by nested loops, 51 × 51 rows each.
  const answer = scope
    ? sql`
    select case when row_number() over first_row = 1 then mb."accountFound" end as member_account_found,
      case when row_number() over first_row = 1 then mb.permissions end as member_permissions,
      case when row_number() over first_row = 1 then mb."twoFactorMissing" end as member_two_factor_missing,
      ${sql.raw(answerColumns)}
    from member mb left join page_rows r on true
    window first_row as (order by r.sort_key ${way}, r.id ${way})
    order by r.sort_key ${way}, r.id ${way}`
    : sql`select ${sql.raw(answerColumns)} from page_rows r order by r.sort_key ${way}, r.id ${way}`;
  return sql`
    with recursive ${member} page as (
      select ${sql.raw(pageSelect)}, ${key} as sort_key, (${key})::text as sort_value
      from ${c}
      where ${and(...filterConditions(organizationId, p.filters), after, admitted)}
      order by ${key} ${way}, ${c.id} ${way}
      limit ${sql.raw(String(pageRows))}
    ),
    -- The records merged into a page's row (merges may chain), whose orders are the same person's.
    folded(root_id, id, depth) as (
      select m.merged_into, m.id, 1 from customers m
      where m.organization_id = ${org} and m.merged_into in (select id from page)
      union all
      select f.root_id, m.id, f.depth + 1 from customers m join folded f on m.merged_into = f.id
      where m.organization_id = ${org} and f.depth < 20
    ),
    addresses as (
      select id as root_id, lower(email) as email from page
      union
      select f.root_id, lower(m.email) from folded f join customers m on m.id = f.id
    ),
    -- The page's orders, found once by address (all statuses: admissions count any order's tickets).
    page_orders as materialized (
      select a.root_id, a.email, o.id, o.currency, o.status, o.total_minor, o.refunded_minor
      from addresses a join orders o on o.organization_id = ${org} and lower(o.buyer_email) = a.email
    ),
    money as materialized (
      select po.root_id, po.currency, count(*) as orders,
        sum(po.total_minor - po.refunded_minor) filter (where po.status = 'paid') as spend
      from page_orders po
      where po.status in ${LIVE_ORDER}
      group by 1, 2
    ),
    -- Per person: orders of every currency, and the spend per currency (money counts once paid: a
    -- currency with only pending orders has no spend yet).
    person_money as (
      select m.root_id, sum(m.orders) as orders,
        json_agg(json_build_object('currency', m.currency, 'amountMinor', m.spend) order by m.currency)
          filter (where m.spend is not null) as spend
      from money m
      group by 1
    ),
    valid_tickets as materialized (
      select po.root_id, count(*) as tickets
      from page_orders po join tickets t on t.organization_id = ${org} and t.order_id = po.id
      where po.status in ${LIVE_ORDER} and t.status = 'valid'
      group by 1
    ),
    admissions as materialized (
      select po.root_id, po.email, count(*) as checkins, count(distinct l.event_id) as events
      from page_orders po join tickets t on t.organization_id = ${org} and t.order_id = po.id
        join checkin_log l on l.ticket_id = t.id and l.organization_id = ${org}
      where l.admitted and l.undone_at is null and l.direction = 'entry'
      group by 1, 2
    ),
    -- Distinct events cannot be added up across a person's addresses: the largest count, never inflated.
    person_admissions as (
      select x.root_id, sum(x.checkins) as checkins, max(x.events) as events from admissions x group by 1
    ),
    page_rows as materialized (${rows})
    ${answer}`;
}

/**
 * One page of customers in keyset order (sort value, then id), with each one's totals and consent; with a
 * `scope`, also the caller's membership as the organisation scope reads it (`membership`), the page's
 * rows read only if it admits them.
 */
export async function customerPageRows(
  db: Queryable,
  organizationId: string,
  p: CustomerListParams,
  scope?: PageScope,
): Promise<{ rows: CustomerPageRow[]; more: boolean; membership?: MembershipRow }> {
  const query = dialect.sqlToQuery(pageStatement(organizationId, p, scope));
  const name = `customers-page-${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
  const answered = await rawRows<RawPageRow>(db, { name, text: query.sql, values: query.params });
  const spendOf = (value: RawPageRow['spend']) => {
    const lines: SpendLine[] = typeof value === 'string' ? JSON.parse(value) : value;
    return lines.map((line) => ({ currency: line.currency, amountMinor: Number(line.amountMinor) }));
  };
  const first = answered[0];
  // With a scope, an empty page (or one not read) is the membership's row alone, its page columns null.
  const raw = scope ? answered.filter((row) => row.id !== null) : answered;
  const rows = raw.slice(0, p.limit).map((row) => ({
    customer: rowOf(c, row, '', PAGE_COLUMNS),
    sortValue: row.sort_value,
    consent: row.consent,
    orderCount: Number(row.order_count),
    ticketCount: Number(row.ticket_count),
    checkIns: Number(row.check_ins),
    eventsAttended: Number(row.events_attended),
    spend: spendOf(row.spend),
  }));
  const more = raw.length > p.limit;
  if (!scope) return { rows, more };
  const membership: MembershipRow | undefined = first && {
    accountFound: first.member_account_found ?? null,
    permissions: first.member_permissions ?? null,
    twoFactorMissing: first.member_two_factor_missing ?? null,
  };
  return { rows, more, membership };
}
