import type { Queryable } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';
import { memberCodes } from '@guichet/db/schema/gating';

/**
 * The checkout's side of members-only ticket types (decision 028): who is a valid member of a gated type's
 * lists today, the one-time codes, and the per-member count. Only orders of gated types run these; every
 * function takes the organisation and uses it in its WHERE. E-mails are compared lower-case.
 */

/** A gated type an address may buy today, with its per-member limit. */
export interface Admission {
  ticketTypeId: string;
  maxPerMember: number | null;
}

// Valid today in the organisation's calendar: membership days are its days (inclusive both ends).
const admissionsSql = (lock: boolean) => `select g.ticket_type_id as "ticketTypeId",
    mg.max_per_member as "maxPerMember"
  from member_gate_lists g
  join member_gates mg on mg.ticket_type_id = g.ticket_type_id and mg.organization_id = g.organization_id
  join organizations o on o.id = g.organization_id
  join customers c on c.organization_id = g.organization_id and lower(c.email) = $3
  join member_list_members m on m.organization_id = g.organization_id and m.list_id = g.list_id
    and m.customer_id = c.id
  where g.organization_id = $1 and g.ticket_type_id = any($2::uuid[])
    and (m.valid_from is null or m.valid_from <= to_char(now() at time zone o.time_zone, 'YYYY-MM-DD'))
    and (m.valid_until is null or m.valid_until >= to_char(now() at time zone o.time_zone, 'YYYY-MM-DD'))
  ${lock ? 'for share of m' : ''}`;

/**
 * The gated types among `ticketTypeIds` the address may buy today (a valid membership of one of their
 * lists). With `lock` (inside an order's transaction), the memberships found are share-locked, so a
 * removal waits for the order's commit rather than passing it.
 */
export async function admissions(
  db: Queryable,
  organizationId: string,
  ticketTypeIds: string[],
  email: string,
  lock: boolean,
): Promise<Admission[]> {
  if (ticketTypeIds.length === 0) return [];
  const rows = await rawRows<Admission>(db, {
    name: lock ? 'member_admissions_locked' : 'member_admissions',
    text: admissionsSql(lock),
    values: [organizationId, ticketTypeIds, email.toLowerCase()],
  });
  // One row per membership: an address on two of a type's lists appears twice.
  const byType = new Map(rows.map((row) => [row.ticketTypeId, row]));
  return [...byType.values()];
}

export async function insertCode(
  db: Queryable,
  row: {
    id: string;
    organizationId: string;
    eventId: string;
    email: string;
    ticketTypeIds: string[];
    codeHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(memberCodes).values(row);
}

/** A code of the address as the order's check sees it. */
export interface CodeRow {
  id: string;
  codeHash: string;
  ticketTypeIds: string[];
  attempts: number;
  expired: boolean;
  used: boolean;
}

/** How far back codes are compared: an expired code is then recognised, and told apart, for a day. */
const RECENT_HOURS = 24;

/** The address's recent codes for the event, newest first (a handful: requests are rate-limited). */
export async function recentCodes(
  db: Queryable,
  organizationId: string,
  eventId: string,
  email: string,
): Promise<CodeRow[]> {
  return rawRows<CodeRow>(db, {
    name: 'member_codes_recent',
    text: `select id, code_hash as "codeHash", ticket_type_ids::text[] as "ticketTypeIds", attempts,
        expires_at <= now() as expired, used_at is not null as used
      from member_codes
      where organization_id = $1 and event_id = $2 and email = $3
        and created_at > now() - make_interval(hours => ${RECENT_HOURS})
      order by id desc
      limit 60`,
    values: [organizationId, eventId, email.toLowerCase()],
  });
}

/** A wrong try counts against every code it was compared with. */
export async function countWrongTry(db: Queryable, organizationId: string, codeIds: string[]): Promise<void> {
  if (codeIds.length === 0) return;
  await rawRows(db, {
    name: 'member_codes_wrong_try',
    text: `update member_codes set attempts = attempts + 1
      where organization_id = $1 and id = any($2::uuid[])`,
    values: [organizationId, codeIds],
  });
}

/**
 * Uses the code for the order, inside the order's transaction: only one order can (a concurrent one waits
 * for the row, then finds it used), and a rolled-back order leaves it usable. False: used or expired.
 */
export async function useCode(
  tx: Queryable,
  organizationId: string,
  codeId: string,
  orderId: string,
): Promise<boolean> {
  const rows = await rawRows(tx, {
    name: 'member_code_use',
    text: `update member_codes set used_at = now(), used_by_order_id = $3
      where organization_id = $1 and id = $2 and used_at is null and expires_at > now()
      returning id`,
    values: [organizationId, codeId, orderId],
  });
  return rows.length > 0;
}

/**
 * Waits for the transaction-scoped advisory lock of one member's tickets of one type (`lock`: 64 bits of a
 * hash of the organisation, the type and the address). Held until the order commits or rolls back, so a
 * member's orders of a limited type count their tickets one after the other.
 */
export async function lockMemberCount(tx: Queryable, lock: string): Promise<void> {
  await rawRows(tx, {
    name: 'member_count_lock',
    text: 'select pg_advisory_xact_lock($1::bigint)',
    values: [lock],
  });
}

/**
 * The address's tickets of these types across its live orders (reserved, awaiting payment or paid),
 * valid ones only: cancelled, refunded and expired ones give their place back. Run after the lock, as
 * its own statement, so it sees every order committed while this one waited.
 */
export async function memberTickets(
  tx: Queryable,
  organizationId: string,
  email: string,
  ticketTypeIds: string[],
): Promise<Map<string, number>> {
  const rows = await rawRows<{ ticketTypeId: string; held: number }>(tx, {
    name: 'member_tickets_count',
    text: `select t.ticket_type_id as "ticketTypeId", count(*)::int as held
      from orders o
      join tickets t on t.order_id = o.id and t.organization_id = o.organization_id
      where o.organization_id = $1 and lower(o.buyer_email) = $2
        and o.status in ('reserved', 'pending_payment', 'paid')
        and t.ticket_type_id = any($3::uuid[]) and t.status = 'valid'
      group by t.ticket_type_id`,
    values: [organizationId, email.toLowerCase(), ticketTypeIds],
  });
  return new Map(rows.map((row) => [row.ticketTypeId, Number(row.held)]));
}
