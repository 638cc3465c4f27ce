import type { Database } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';

/**
 * The headcount's statements (./headcount.ts), written by hand and prepared once per connection: every
 * watched event is counted again at every poll. Each takes the organisation id and uses it in its WHERE.
 */

interface CountRow {
  /** Set on the rows per list; null on the rows per ticket type and on the total. */
  listId: string | null;
  /** Set on the rows per ticket type; null on the rows per list and on the total. */
  ticketTypeId: string | null;
  checkedIn: number;
  insideNow: number;
}

/** Tickets checked in and inside now, per list, per ticket type and in all, from the presence rows. */
export async function presenceCounts(db: Database, organizationId: string, eventId: string) {
  return rawRows<CountRow>(db, {
    name: 'scan_headcount_counts',
    text: `select list_id as "listId", ticket_type_id as "ticketTypeId",
        count(distinct ticket_id) filter (where entries > 0)::int as "checkedIn",
        count(distinct ticket_id) filter (where state = 'inside')::int as "insideNow"
      from checkin_presence where organization_id = $1 and event_id = $2
      group by grouping sets ((list_id), (ticket_type_id), ())`,
    values: [organizationId, eventId],
  });
}

export async function eventLists(db: Database, organizationId: string, eventId: string) {
  return rawRows<{ id: string; name: string; capacityAlert: number | null }>(db, {
    name: 'scan_headcount_lists',
    text: `select id, name, capacity_alert as "capacityAlert" from checkin_lists
      where organization_id = $1 and event_id = $2 order by id`,
    values: [organizationId, eventId],
  });
}

export async function eventTicketTypes(db: Database, organizationId: string, eventId: string) {
  return rawRows<{ id: string; name: string }>(db, {
    name: 'scan_headcount_types',
    text: `select id, name from ticket_types where organization_id = $1 and event_id = $2
      order by position, id`,
    values: [organizationId, eventId],
  });
}

/** The tickets expected at the doors (valid, their order paid) and the conflicts still open. */
export async function expectedAndConflicts(db: Database, organizationId: string, eventId: string) {
  const [row] = await rawRows<{ expected: number; openConflicts: number }>(db, {
    name: 'scan_headcount_extra',
    text: `select
        (select count(*)::int from tickets t join orders o on o.id = t.order_id
          where t.organization_id = $1 and t.event_id = $2 and t.status = 'valid' and o.status = 'paid')
          as expected,
        (select count(*)::int from checkin_conflicts
          where organization_id = $1 and event_id = $2 and status = 'open') as "openConflicts"`,
    values: [organizationId, eventId],
  });
  return row;
}
