import type { Queryable } from '@guichet/db/client';
import type { CapacityPool, EventDetail, TicketType } from '@guichet/shared/events';
import * as repository from './events.repository';
import { type Gate, gatesOf } from './member-gates.repository';

/** Rows to API shapes: what is left of a ticket type counts its capacity pool too. */

export const num = (value: string | null) => (value === null ? null : Number(value));

function venueOf(row: repository.EventSummaryRow | repository.EventRow) {
  if (row.locationType !== 'venue') return null;
  return {
    name: row.venueName,
    address: row.venueAddress,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
  };
}

export function base(row: repository.EventSummaryRow | repository.EventRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    locationType: row.locationType,
    venue: venueOf(row),
    onlineUrl: row.locationType === 'online' ? row.onlineUrl : null,
  };
}

function toPool(row: repository.PoolRow): CapacityPool {
  const used = row.sold + row.held;
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    sold: row.sold,
    held: row.held,
    used,
    left: row.capacity - used,
  };
}

function toTicketType(
  row: repository.TicketTypeRow,
  pools: Map<string, CapacityPool>,
  gate: Gate | undefined,
): TicketType {
  const used = row.sold + row.held;
  const pool = row.poolId ? pools.get(row.poolId) : undefined;
  const left = Math.max(0, Math.min(row.capacity - used, pool ? pool.left : Number.POSITIVE_INFINITY));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency,
    vatRateBp: row.vatRateBp,
    capacity: row.capacity,
    sold: row.sold,
    held: row.held,
    used,
    left,
    poolId: row.poolId,
    salesStart: row.salesStart?.toISOString() ?? null,
    salesEnd: row.salesEnd?.toISOString() ?? null,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    visibility: row.visibility,
    memberListIds: row.visibility === 'members' ? (gate?.listIds ?? []) : [],
    maxPerMember: row.visibility === 'members' ? (gate?.maxPerMember ?? null) : null,
    position: row.position,
  };
}

/** The event as the detail page shows it: ticket types, pools, capacity used and left. */
export async function detail(
  db: Queryable,
  organizationId: string,
  event: repository.EventRow,
): Promise<EventDetail> {
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const types = await repository.listTicketTypes(db, organizationId, event.id);
  const poolRows = await repository.listPools(db, organizationId, event.id);
  const currency = await repository.organizationCurrency(db, organizationId);
  const gated = types.filter((row) => row.visibility === 'members').map((row) => row.id);
  const gates = await gatesOf(db, organizationId, gated);
  const pools = poolRows.map(toPool);
  const byId = new Map(pools.map((pool) => [pool.id, pool]));
  return {
    ...base(event),
    description: event.description,
    cancelReason: event.cancelReason,
    coverFileId: event.coverFileId,
    attendeeNamesRequired: event.attendeeNamesRequired,
    currency,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    ticketTypes: types.map((row) => toTicketType(row, byId, gates.get(row.id))),
    capacityPools: pools,
  };
}
