import type { Queryable } from '@guichet/db/client';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { mailings } from '@guichet/db/schema/mailings';
import { orders } from '@guichet/db/schema/orders';
import { outbox } from '@guichet/db/schema/outbox';
import { refunds } from '@guichet/db/schema/payments';
import { payouts } from '@guichet/db/schema/payouts';
import { checkinConflicts, checkinLists } from '@guichet/db/schema/scan';
import { ATTENTION_KINDS, type AttentionKind } from '@guichet/shared/dashboard';
import { sql } from 'drizzle-orm';
import { decodeCursor, keysetPage } from '../../cursor';

// What needs attention, as counts per kind and event. Every statement filters on the organisation.

interface Rows<T> {
  rows: T[];
}

export interface AttentionRow {
  kind: AttentionKind;
  count: number;
  eventId: string | null;
  eventName: string | null;
}

/** Upcoming published events at or above this share of their capacity are "near capacity". */
export const NEAR_CAPACITY = 0.9;

/** An item without an event sorts as this id within its kind (one such item per kind). */
const NO_EVENT = '00000000-0000-0000-0000-000000000000';

/**
 * A page of what needs attention, in the order of ATTENTION_KINDS, then by event id: the key is the kind's
 * rank and the event (or NO_EVENT), unique because each kind has one row per event.
 */
export async function attentionRows(
  db: Queryable,
  organizationId: string,
  query: { unpaidDays: number; limit: number; cursor?: string },
  now: Date,
): Promise<AttentionRow[]> {
  const at = now.toISOString();
  const unpaidDays = query.unpaidDays;
  const decoded = query.cursor ? decodeCursor(query.cursor) : null;
  const after = decoded && /^\d{1,2}$/.test(decoded[0]) ? decoded : null;
  const kinds = sql.raw(`array[${ATTENTION_KINDS.map((kind) => `'${kind}'`).join(',')}]::text[]`);
  const result = (await db.execute(sql`
    select * from (
    select 'offline-unpaid' as kind, count(*)::int as count, o.event_id, e.name as event_name
      from ${orders} o join ${events} e on e.id = o.event_id and e.organization_id = o.organization_id
      where o.organization_id = ${organizationId} and o.status = 'pending_payment'
        and o.payment_method = 'offline'
        and o.created_at < ${at}::timestamptz - make_interval(days => ${unpaidDays}::int)
      group by o.event_id, e.name
    union all
    select 'refund-failed', count(*)::int, null, null from ${refunds} r
      where r.organization_id = ${organizationId} and r.status = 'failed'
      having count(*) > 0
    union all
    select 'payouts-unreconciled', count(*)::int, null, null from ${payouts} p
      where p.organization_id = ${organizationId} and p.reconciliation = 'flagged'
      having count(*) > 0
    union all
    select 'email-failed', count(*)::int, null, null from ${outbox} m
      where m.organization_id = ${organizationId} and m.status = 'failed'
      having count(*) > 0
    union all
    select 'near-capacity', 1, e.id, e.name from ${events} e
      where e.organization_id = ${organizationId} and e.status = 'published' and e.ends_at > ${at}::timestamptz
        and (select sum(tt.capacity) from ${ticketTypes} tt
             where tt.organization_id = e.organization_id and tt.event_id = e.id) > 0
        and (select sum(tt.sold)::float / sum(tt.capacity) from ${ticketTypes} tt
             where tt.organization_id = e.organization_id and tt.event_id = e.id) >= ${NEAR_CAPACITY}
    union all
    select 'no-checkin-list', 1, e.id, e.name from ${events} e
      where e.organization_id = ${organizationId} and e.status = 'published' and e.ends_at > ${at}::timestamptz
        and not exists (select 1 from ${checkinLists} l
          where l.organization_id = e.organization_id and l.event_id = e.id)
    union all
    select 'checkin-conflicts', count(*)::int, c.event_id, e.name
      from ${checkinConflicts} c join ${events} e on e.id = c.event_id and e.organization_id = c.organization_id
      where c.organization_id = ${organizationId} and c.status = 'open'
      group by c.event_id, e.name
    union all
    select 'mailing-stopped', count(*)::int, null, null from ${mailings} ml
      where ml.organization_id = ${organizationId} and (ml.status = 'failed'
        or (ml.status = 'paused' and ml.status_changed_at < ${at}::timestamptz - interval '1 hour'))
      having count(*) > 0
    ) as items
    where ${after ? sql`(array_position(${kinds}, kind), coalesce(event_id, ${NO_EVENT}::uuid)) > (${after[0]}::int, ${after[1]}::uuid)` : sql`true`}
    order by array_position(${kinds}, kind), coalesce(event_id, ${NO_EVENT}::uuid)
    limit ${query.limit + 1}`)) as unknown as Rows<{
    kind: AttentionKind;
    count: number;
    event_id: string | null;
    event_name: string | null;
  }>;
  return result.rows.map((row) => ({
    kind: row.kind,
    count: Number(row.count),
    eventId: row.event_id,
    eventName: row.event_name,
  }));
}

/** The page of attention rows read with `limit + 1`, with the cursor of the last one shown. */
export function attentionPage(rows: AttentionRow[], limit: number) {
  return keysetPage(rows, limit, (row) => [
    String(ATTENTION_KINDS.indexOf(row.kind) + 1),
    row.eventId ?? NO_EVENT,
  ]);
}
