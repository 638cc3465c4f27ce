import { columnsOf, rawRows, rowOf } from '@guichet/db/raw';
import { events, ticketTypes } from '@guichet/db/schema/events';
import type { Queryable } from '../mail/mail.repository';
import { type PriorKey, STALE_SECONDS } from './idempotency';
import { type Organizer, type TicketTypeRow, withPool } from './ticket-catalogue';

/**
 * A buyer's checkout starts with one statement: the published event by its slugs, its organisation, the
 * catalogue of ticket types with their pools' counts and, with an Idempotency-Key, what is stored for the
 * key. An order is then this read and its transaction's two round trips (decision 017).
 */

export interface PublishedEventRead {
  event: typeof events.$inferSelect;
  organization: { id: string; name: string; slug: string; offlinePaymentInstructions: string | null };
  catalogue: { types: TicketTypeRow[]; organizer: Organizer };
  /** What is stored for the key, if any (see `storedAnswer`). */
  prior: PriorKey | null;
}

// The event (`e.`) and ticket type (`t.`) columns, named after the schema's keys so `rowOf` maps them.
const PUBLISHED_EVENT_READ = `select ${columnsOf(events, 'e', 'e.')},
    o.name as "organizationName", o.slug as "organizationSlug",
    o.offline_payment_instructions as "organizationInstructions",
    k.request_hash as "priorRequestHash", k.status as "priorStatus", k.response_status as "priorResponseStatus",
    k.response_body as "priorResponseBody",
    k.updated_at < now() - make_interval(secs => ${STALE_SECONDS}) as "priorStale",
    ${columnsOf(ticketTypes, 'tt', 't.')},
    p.capacity as "poolCapacity", p.sold as "poolSold", p.held as "poolHeld"
  from events e
  join organizations o on o.id = e.organization_id
  left join idempotency_keys k on k.organization_id = e.organization_id and k.key_hash = $3::text
  left join ticket_types tt on tt.organization_id = e.organization_id and tt.event_id = e.id
  left join capacity_pools p on p.id = tt.pool_id and p.organization_id = e.organization_id
  where o.slug = $1 and e.slug = $2 and e.status = 'published'
  order by tt.position, tt.id`;

type Row = Record<string, unknown> & {
  organizationName: string;
  organizationSlug: string;
  organizationInstructions: string | null;
  priorRequestHash: string | null;
  priorStatus: 'in_flight' | 'done' | null;
  priorResponseStatus: number | null;
  priorResponseBody: unknown;
  priorStale: boolean | null;
  poolCapacity: number | null;
  poolSold: number | null;
  poolHeld: number | null;
};

/**
 * Unknown organisation, unknown event and an event that is not published all give undefined (the same
 * 404). `keyHash`: the request's Idempotency-Key, hashed (see idempotency.ts).
 */
export async function readPublishedEvent(
  db: Queryable,
  organizationSlug: string,
  eventSlug: string,
  keyHash: string | undefined,
): Promise<PublishedEventRead | undefined> {
  const rows = await rawRows<Row>(db, {
    name: 'published_event_read',
    text: PUBLISHED_EVENT_READ,
    values: [organizationSlug, eventSlug, keyHash ?? null],
  });
  const first = rows[0];
  if (!first) return undefined;
  const event = rowOf(events, first, 'e.');
  const types: TicketTypeRow[] = [];
  for (const row of rows) if (row['t.id'] !== null) types.push(withPool(rowOf(ticketTypes, row, 't.'), row));
  const organization = {
    id: event.organizationId,
    name: first.organizationName,
    slug: first.organizationSlug,
    offlinePaymentInstructions: first.organizationInstructions,
  };
  return {
    event,
    organization,
    catalogue: {
      types,
      organizer: {
        name: organization.name,
        offlinePaymentInstructions: organization.offlinePaymentInstructions,
      },
    },
    prior:
      first.priorStatus === null
        ? null
        : {
            requestHash: first.priorRequestHash ?? '',
            status: first.priorStatus,
            responseStatus: first.priorResponseStatus,
            responseBody: first.priorResponseBody,
            stale: first.priorStale === true,
          },
  };
}
