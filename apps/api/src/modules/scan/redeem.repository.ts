import type { Database } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';
import type { RedeemAnswer } from '@guichet/shared/scan';

/**
 * The redeem path's statements, written by hand and prepared once per connection (packages/db/src/raw.ts):
 * every online scan runs one read and one write, and the ORM's building and mapping would cost more than
 * PostgreSQL spends on them. Each takes the organisation id and uses it in its WHERE.
 */

export interface RedeemListRow {
  id: string;
  eventId: string;
  name: string;
  allTicketTypes: boolean;
  ticketTypeIds: string[];
  startsAt: string | null;
  endsAt: string | null;
  allowReentry: boolean;
  allowMultipleEntries: boolean;
}

export interface RedeemTicketRow {
  id: string;
  eventId: string;
  ticketTypeId: string;
  ticketStatus: 'valid' | 'cancelled' | 'refunded';
  orderStatus: string;
  orderCode: string;
  attendeeName: string | null;
  ticketTypeName: string;
}

// The lists as JSON in the same row as the ticket: one round trip reads everything a verdict needs.
const LISTS = `(select coalesce(json_agg(json_build_object(
      'id', l.id, 'eventId', l.event_id, 'name', l.name, 'allTicketTypes', l.all_ticket_types,
      'startsAt', l.starts_at, 'endsAt', l.ends_at, 'allowReentry', l.allow_reentry,
      'allowMultipleEntries', l.allow_multiple_entries,
      'ticketTypeIds', coalesce((select json_agg(lt.ticket_type_id) from checkin_list_ticket_types lt
        where lt.organization_id = l.organization_id and lt.list_id = l.id), '[]'::json))), '[]'::json)
    from checkin_lists l where l.organization_id = $1 and l.id = any($2::uuid[])) as lists`;

// The caller's membership is read here too, instead of in a separate statement before: the same rules as
// the organisation scope (plugins/tenancy.ts) are then applied to it by the service.
const FROM = `membership.permissions,
    organization.require_two_factor and not exists (
      select 1 from two_factor where two_factor.staff_id = account.id and two_factor.enabled_at is not null
    ) as "twoFactorMissing",
    t.id, t.event_id as "eventId", t.ticket_type_id as "ticketTypeId", t.status as "ticketStatus",
    o.status as "orderStatus", o.code as "orderCode", coalesce(t.attendee_name, o.buyer_name) as "attendeeName",
    tt.name as "ticketTypeName"
  from staff account
  left join staff_organizations membership on membership.staff_id = account.id and membership.organization_id = $1
  left join organizations organization on organization.id = membership.organization_id
  left join (tickets t join orders o on o.id = t.order_id join ticket_types tt on tt.id = t.ticket_type_id)`;

const BY_SECRET = `select ${LISTS}, ${FROM} on t.organization_id = $1 and t.secret = $3 where account.id = $4`;
const BY_ID = `select ${LISTS}, ${FROM} on t.organization_id = $1 and t.id = $3::uuid where account.id = $4`;

type ReadRow = { lists: RedeemListRow[]; permissions: string[] | null; twoFactorMissing: boolean | null } & {
  [K in keyof RedeemTicketRow]: RedeemTicketRow[K] | null;
};

export interface RedeemRead {
  /** Null when the account no longer exists. */
  membership: { permissions: string[] | null; twoFactorMissing: boolean } | null;
  lists: RedeemListRow[];
  ticket: RedeemTicketRow | null;
}

/**
 * The caller's membership, the scanned lists (any order) and the ticket a secret (or, for manual
 * check-in, an id) names, in one round trip.
 */
export async function readForRedeem(
  db: Database,
  organizationId: string,
  staffId: string,
  listIds: readonly string[],
  ticket: { secret: string } | { ticketId: string },
): Promise<RedeemRead> {
  const bySecret = 'secret' in ticket;
  const [row] = await rawRows<ReadRow>(db, {
    name: bySecret ? 'scan_read_by_secret' : 'scan_read_by_id',
    text: bySecret ? BY_SECRET : BY_ID,
    values: [organizationId, listIds, bySecret ? ticket.secret : ticket.ticketId, staffId],
  });
  if (!row) return { membership: null, lists: [], ticket: null };
  const { lists, permissions, twoFactorMissing, ...rest } = row;
  return {
    membership: { permissions, twoFactorMissing: twoFactorMissing === true },
    lists,
    ticket: rest.id === null ? null : (rest as RedeemTicketRow),
  };
}

export interface LogValues {
  id: string;
  organizationId: string;
  eventId: string;
  listId: string;
  ticketId: string | null;
  direction: 'entry' | 'exit';
  deviceId: string;
  nonce: string;
  staffId: string;
  scannedAt: Date;
  recordedAt: Date;
  offline: boolean;
}

const LOG_COLUMNS = `(id, organization_id, event_id, list_id, ticket_id, direction, result, reason, admitted,
  device_id, nonce, staff_id, scanned_at, recorded_at, order_at, offline, answer)`;

/** A scan refused before its ticket's presence mattered: only the log row is written. */
export async function insertRefusal(db: Database, log: LogValues, reason: string, answer: RedeemAnswer) {
  await rawRows(db, {
    name: 'scan_log_refusal',
    text: `insert into checkin_log ${LOG_COLUMNS}
      values ($1, $2, $3, $4, $5, $6, 'refused', $7, false, $8, $9, $10, $11, $12, $12, $13, $14::jsonb)`,
    values: [
      log.id,
      log.organizationId,
      log.eventId,
      log.listId,
      log.ticketId,
      log.direction,
      reason,
      log.deviceId,
      log.nonce,
      log.staffId,
      log.scannedAt,
      log.recordedAt,
      log.offline,
      JSON.stringify(answer),
    ],
  });
}

/**
 * One statement: the guarded change of the ticket's presence on the list, and the log row saying whether
 * it happened. An entry inserts the presence row or updates it only where the list's rules admit (never
 * in; out with re-entry; anything with multiple entries); an exit updates only a ticket inside. Of any
 * number of simultaneous scans of one ticket, the row lock lets exactly one find the admitting state. A
 * nonce already used fails the whole statement (unique index), so the presence change is undone with it.
 */
export async function admit(
  db: Database,
  log: LogValues & { ticketId: string },
  list: { allowReentry: boolean; allowMultipleEntries: boolean },
  ticketTypeId: string,
  okAnswer: RedeemAnswer,
  refusedAnswer: RedeemAnswer,
): Promise<boolean> {
  const change =
    log.direction === 'entry'
      ? `insert into checkin_presence as p (organization_id, list_id, ticket_id, event_id, ticket_type_id, state,
            entries, last_at, last_device_id, updated_at)
          values ($2, $4, $5, $3, $15, 'inside', 1, $12, $8, $12)
          on conflict (organization_id, list_id, ticket_id) do update
            set state = 'inside', entries = p.entries + 1, last_at = excluded.last_at,
              last_device_id = excluded.last_device_id, updated_at = excluded.updated_at
            where $16::boolean or p.state = 'never' or (p.state = 'outside' and $17::boolean)
          returning 1`
      : `update checkin_presence set state = 'outside', last_at = $12, last_device_id = $8, updated_at = $12
          where organization_id = $2 and list_id = $4 and ticket_id = $5 and state = 'inside'
          returning 1`;
  const refusal = log.direction === 'entry' ? 'already-used' : 'not-inside';
  const values = [
    log.id,
    log.organizationId,
    log.eventId,
    log.listId,
    log.ticketId,
    log.direction,
    JSON.stringify(okAnswer),
    log.deviceId,
    log.nonce,
    log.staffId,
    log.scannedAt,
    log.recordedAt,
    log.offline,
    JSON.stringify(refusedAnswer),
    // Only the entry's insert needs these.
    ...(log.direction === 'entry' ? [ticketTypeId, list.allowMultipleEntries, list.allowReentry] : []),
  ];
  const [row] = await rawRows<{ ok: boolean }>(db, {
    name: `scan_admit_${log.direction}`,
    text: `with changed as (${change})
      insert into checkin_log ${LOG_COLUMNS}
      select $1, $2, $3, $4, $5, $6, case when ok then 'ok' else 'refused' end,
        case when ok then null else '${refusal}' end, ok, $8, $9, $10, $11, $12, $12, $13,
        case when ok then $7::jsonb else $14::jsonb end
      from (select exists (select 1 from changed) as ok) as verdict
      returning admitted as ok`,
    values,
  });
  return row?.ok === true;
}

/** The first answer given to a nonce, for a scan sent again. */
export async function answerOfNonce(db: Database, organizationId: string, nonce: string) {
  const [row] = await rawRows<{ answer: RedeemAnswer }>(db, {
    name: 'scan_answer_of_nonce',
    text: 'select answer from checkin_log where organization_id = $1 and nonce = $2',
    values: [organizationId, nonce],
  });
  return row?.answer;
}

/** The admission that makes an entry `already-used` (or the last one before a refused exit). */
export async function lastAdmission(db: Database, organizationId: string, listId: string, ticketId: string) {
  const [row] = await rawRows<{ lastAt: Date | null; lastDeviceId: string | null }>(db, {
    name: 'scan_last_admission',
    text: `select last_at as "lastAt", last_device_id as "lastDeviceId" from checkin_presence
      where organization_id = $1 and list_id = $2 and ticket_id = $3`,
    values: [organizationId, listId, ticketId],
  });
  return row;
}

export async function storeAnswer(db: Database, organizationId: string, id: string, answer: RedeemAnswer) {
  await rawRows(db, {
    name: 'scan_store_answer',
    text: 'update checkin_log set answer = $3::jsonb where organization_id = $1 and id = $2',
    values: [organizationId, id, JSON.stringify(answer)],
  });
}

/** Whether an error is the unique violation of `constraint` (drivers and the ORM wrap it differently). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; ) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      candidate.code === '23505' &&
      (candidate.constraint === constraint ||
        (typeof candidate.message === 'string' && candidate.message.includes(constraint)))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
