import type { Database } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';
import type { RedeemAnswer } from '@guichet/shared/scan';
import { type MembershipRow, membershipOf } from '../../plugins/access.repository';

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
  /** The list's `updated_at` (every change of its rules sets it anew): what a known list is checked by. */
  version: string;
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

// Scans arrive in batches (RedeemBatches, redeem.service.ts): each statement below serves any number of
// them, sent as one JSON array of records, and answers one row per scan. JSON rather than an array per
// column: PostgreSQL estimates the rows of both the same way whatever the batch's size, so it plans each
// statement once per connection and reuses the plan; with arrays, it saw each batch's size and planned
// every execution anew (a millisecond per scan at one scanner).

// The lists of one scan as JSON, in the same row as its ticket: one round trip reads everything a verdict
// needs.
const LISTS = `(select coalesce(json_agg(json_build_object(
      'id', l.id, 'eventId', l.event_id, 'name', l.name, 'allTicketTypes', l.all_ticket_types,
      'startsAt', l.starts_at, 'endsAt', l.ends_at, 'allowReentry', l.allow_reentry,
      'allowMultipleEntries', l.allow_multiple_entries, 'version', l.updated_at,
      'ticketTypeIds', coalesce((select json_agg(lt.ticket_type_id) from checkin_list_ticket_types lt
        where lt.organization_id = l.organization_id and lt.list_id = l.id), '[]'::json))), '[]'::json)
    from checkin_lists l where l.organization_id = x.org and l.id = any(x.lists::uuid[])) as lists`;

const TICKET_COLUMNS = `t.id, t.event_id as "eventId", t.ticket_type_id as "ticketTypeId",
    t.status as "ticketStatus", o.status as "orderStatus", o.code as "orderCode",
    coalesce(t.attendee_name, o.buyer_name) as "attendeeName", tt.name as "ticketTypeName"`;
const TICKET_FROM =
  'from tickets t join orders o on o.id = t.order_id join ticket_types tt on tt.id = t.ticket_type_id';
const TICKET = `select ${TICKET_COLUMNS} ${TICKET_FROM}`;

// The caller's membership is read here too, instead of in a separate statement before: the organisation
// scope's membership (plugins/access.repository.ts), to which the service applies the scope's rule. A
// ticket is found by its secret, or by its id for manual check-in, always within the organisation.
const READ = `select ${LISTS}, member."accountFound", member.permissions, member."twoFactorMissing", t.*
  from jsonb_to_recordset($1::jsonb)
    as x(n int, org uuid, staff uuid, generation int, lists uuid[], secret text, ticket_id uuid)
  left join lateral (${membershipOf('x.staff', 'x.org', 'x.generation')}) member on true
  left join lateral (
    ${TICKET} where t.organization_id = x.org and t.secret = x.secret
    union all
    ${TICKET} where t.organization_id = x.org and t.id = x.ticket_id
    limit 1
  ) t on true
  order by x.n`;

type ReadRow = { lists: RedeemListRow[] } & MembershipRow & {
    [K in keyof RedeemTicketRow]: RedeemTicketRow[K] | null;
  };

export interface RedeemRead {
  membership: MembershipRow;
  lists: RedeemListRow[];
  ticket: RedeemTicketRow | null;
}

export interface ReadRequest {
  organizationId: string;
  staffId: string;
  /** The access token's session generation: ended sessions read as no account. */
  sessionGeneration: number;
  listIds: readonly string[];
  /** The scanned secret, or for manual check-in the ticket's id. */
  ticket: { secret: string } | { ticketId: string };
}

/**
 * For each scan: the caller's membership, the scanned lists (any order) and the ticket its secret (or id)
 * names, all scans in one round trip.
 */
export async function readForRedeem(db: Database, requests: readonly ReadRequest[]): Promise<RedeemRead[]> {
  const rows = await rawRows<ReadRow>(db, {
    name: 'scan_read',
    text: READ,
    values: [
      JSON.stringify(
        requests.map((request, n) => ({
          n,
          org: request.organizationId,
          staff: request.staffId,
          generation: request.sessionGeneration,
          lists: request.listIds,
          secret: 'secret' in request.ticket ? request.ticket.secret : null,
          ticket_id: 'ticketId' in request.ticket ? request.ticket.ticketId : null,
        })),
      ),
    ],
  });
  return rows.map(({ lists, accountFound, permissions, twoFactorMissing, ...rest }) => ({
    membership: { accountFound, permissions, twoFactorMissing },
    lists,
    ticket: rest.id === null ? null : (rest as RedeemTicketRow),
  }));
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

/**
 * What a verdict was made from when it was made without a read (./known.ts): the write admits or refuses
 * only if the caller's permissions, the lists' versions and the ticket are still exactly these.
 */
export interface KnownState {
  permissions: readonly string[];
  lists: readonly { id: string; version: string }[];
  ticket: RedeemTicketRow;
  /** The secret the ticket was known by (the read finds a ticket by its secret). */
  secret: string;
  /** The session generation of the caller's access token: ended sessions are no longer members. */
  sessionGeneration: number;
}

export interface ScanWrite {
  log: LogValues;
  /**
   * Whether the scan may change the ticket's presence (its validity is judged): then it is admitted only
   * if the guarded change happens. Otherwise it is a refusal, and only its log row is written.
   */
  change: boolean;
  /** The ticket's type, for a new presence row. */
  ticketTypeId: string | null;
  /** The reason logged if it is refused (for a change: `already-used` or `not-inside`). */
  refusal: string;
  /**
   * The answer stored for the nonce: for a change, the answer if it is admitted (if not, the statement
   * stores it as `refusedByPresence` makes it); otherwise the refusal's.
   */
  answer: RedeemAnswer;
  /** Set when the verdict was made from what was known rather than read (see `KnownState`). */
  known?: KnownState;
}

// One record per scan. A record made from known state is first checked against the database (`current`):
// the caller still a member with the same permissions (and two-factor sign-in if the organisation requires
// it: the organisation scope's membership, plugins/access.repository.ts), every list at the same version,
// the ticket as it was; a record that is not current writes nothing.
// An entry inserts the presence row or updates it only where its list's rules admit (never in; out with
// re-entry; anything with multiple entries); an exit updates only a ticket inside. Of any number of
// simultaneous scans of one ticket, the row lock lets exactly one find the admitting state. Each scan's log
// row says whether its change happened. The caller sends a ticket's list at most once per statement (a row
// cannot be changed twice by one statement). A nonce already used fails the whole statement (unique index),
// so the presence changes are undone with it. An admitted entry also queues its `ticket.checked_in` webhooks
// (decision 034) in the same statement: one indexed read of the organisation's endpoints, no round trip.
const WRITE = `with x as (
    select * from jsonb_to_recordset($1::jsonb) as x(id uuid, org uuid, event uuid, list uuid, ticket uuid,
      direction text, change boolean, refusal text, device text, nonce text, staff uuid,
      scanned_at timestamptz, recorded_at timestamptz, offline boolean, answer jsonb,
      ticket_type uuid, known_permissions text[], known_lists jsonb, known_ticket jsonb,
      known_secret text, known_generation int)
  ), checked as (
    select x.*, x.known_ticket is null or (
      coalesce((select member.permissions = x.known_permissions and not member."twoFactorMissing"
        from (${membershipOf('x.staff', 'x.org', 'x.known_generation')}) member), false)
      and jsonb_array_length(x.known_lists) = (select count(*)
        from jsonb_to_recordset(x.known_lists) as k(id uuid, version timestamptz)
        where exists (select 1 from checkin_lists l
          where l.id = k.id and l.organization_id = x.org and l.updated_at = k.version))
      and x.known_ticket = (select to_jsonb(found) from (${TICKET}
        where t.id = (x.known_ticket->>'id')::uuid and t.organization_id = x.org and t.secret = x.known_secret
      ) found)
    ) as current
    from x
  ), entered as (
    insert into checkin_presence as p (organization_id, list_id, ticket_id, event_id, ticket_type_id, state,
      entries, last_at, last_device_id, updated_at)
    select org, list, ticket, event, ticket_type, 'inside', 1, recorded_at, device, recorded_at
    from checked where current and change and direction = 'entry'
    on conflict (organization_id, list_id, ticket_id) do update
      set state = 'inside', entries = p.entries + 1, last_at = excluded.last_at,
        last_device_id = excluded.last_device_id, updated_at = excluded.updated_at
      where p.state = 'never' or exists (select 1 from checkin_lists l
        where l.organization_id = p.organization_id and l.id = p.list_id
          and (l.allow_multiple_entries or (p.state = 'outside' and l.allow_reentry)))
    returning organization_id, list_id, ticket_id
  ), exited as (
    update checkin_presence p set state = 'outside', last_at = x.recorded_at, last_device_id = x.device,
      updated_at = x.recorded_at
    from checked x
    where x.current and x.change and x.direction = 'exit' and p.organization_id = x.org and p.list_id = x.list
      and p.ticket_id = x.ticket and p.state = 'inside'
    returning p.organization_id, p.list_id, p.ticket_id
  ), judged as (
    select x.*, x.change and exists (
      select 1 from (select * from entered union all select * from exited) changed
      where changed.organization_id = x.org and changed.list_id = x.list and changed.ticket_id = x.ticket
    ) as ok
    from checked x where x.current
  ), logged as (
    insert into checkin_log ${LOG_COLUMNS}
    select id, org, event, list, ticket, direction, case when ok then 'ok' else 'refused' end,
      case when ok then null else refusal end, ok, device, nonce, staff, scanned_at, recorded_at, recorded_at,
      offline, case when ok or not change then answer
        else answer || jsonb_build_object('result', 'refused', 'reason', refusal, 'alreadyUsed', null) end
    from judged
    returning id, admitted, organization_id, event_id, list_id, ticket_id, direction, recorded_at
  ), hooks as (
    insert into webhook_deliveries (organization_id, endpoint_id, message_id, event_type, payload)
    select l.organization_id, endpoint.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
      'ticket.checked_in', jsonb_build_object('type', 'ticket.checked_in', 'timestamp', l.recorded_at,
        'data', jsonb_build_object('ticketId', l.ticket_id, 'eventId', l.event_id, 'listId', l.list_id,
          'checkedInAt', l.recorded_at))
    from logged l
    join webhook_endpoints endpoint on endpoint.organization_id = l.organization_id and endpoint.enabled
      and 'ticket.checked_in' = any(endpoint.event_types)
    where l.admitted and l.direction = 'entry'
    returning 1
  )
  select id, admitted from logged`;

/**
 * Writes scans in one statement; answers for each whether it was admitted, in their order, or null for a
 * scan made from known state that is no longer current (nothing of it was written).
 */
export async function writeScans(db: Database, scans: readonly ScanWrite[]): Promise<(boolean | null)[]> {
  const records = scans.map(({ log, known, ...scan }) => ({
    id: log.id,
    org: log.organizationId,
    event: log.eventId,
    list: log.listId,
    ticket: log.ticketId,
    direction: log.direction,
    change: scan.change,
    refusal: scan.refusal,
    device: log.deviceId,
    nonce: log.nonce,
    staff: log.staffId,
    scanned_at: log.scannedAt.toISOString(),
    recorded_at: log.recordedAt.toISOString(),
    offline: log.offline,
    answer: scan.answer,
    ticket_type: scan.ticketTypeId,
    known_permissions: known?.permissions ?? null,
    known_lists: known?.lists ?? null,
    known_ticket: known ? ticketJson(known.ticket) : null,
    known_secret: known?.secret ?? null,
    known_generation: known?.sessionGeneration ?? null,
  }));
  const rows = await rawRows<{ id: string; admitted: boolean }>(db, {
    name: 'scan_write',
    text: WRITE,
    values: [JSON.stringify(records)],
  });
  const admitted = new Map(rows.map((row) => [row.id, row.admitted]));
  return scans.map((scan) => admitted.get(scan.log.id) ?? null);
}

/**
 * The answer to a change the presence refused: the answer it would have had, refused for `reason`. The
 * write statement stores the same (sending both answers of every scan cost more than the rest of it).
 */
export function refusedByPresence(
  answer: Extract<RedeemAnswer, { result: 'ok' }>,
  reason: 'already-used' | 'not-inside',
): Extract<RedeemAnswer, { result: 'refused' }> {
  return { ...answer, result: 'refused', reason, alreadyUsed: null };
}

/** Exactly the fields `TICKET` reads, whatever else the row carries (the write compares them as JSON). */
function ticketJson(ticket: RedeemTicketRow): RedeemTicketRow {
  const { id, eventId, ticketTypeId, ticketStatus, orderStatus, orderCode, attendeeName, ticketTypeName } =
    ticket;
  return { id, eventId, ticketTypeId, ticketStatus, orderStatus, orderCode, attendeeName, ticketTypeName };
}

/**
 * The tickets of one event with their secrets (at most `limit`), as the redeem read finds them: a
 * scanner's first scans of them can then be judged without a read (./known.ts).
 */
export async function ticketsOfEvent(db: Database, organizationId: string, eventId: string, limit: number) {
  return rawRows<RedeemTicketRow & { secret: string }>(db, {
    name: 'scan_tickets_of_event',
    text: `select t.secret, ${TICKET_COLUMNS} ${TICKET_FROM}
      where t.organization_id = $1 and t.event_id = $2 limit $3`,
    values: [organizationId, eventId, limit],
  });
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
