import {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@guichet/shared/orders';

/** What narrows an event's orders list; empty values mean "any". */
export interface OrderFilters {
  q: string;
  status: OrderStatus | null;
  ticketTypeId: string | null;
  paymentMethod: PaymentMethod | null;
  /** Days (`YYYY-MM-DD`) in the staff member's own time zone, both included. */
  fromDay: string | null;
  toDay: string | null;
}

export const NO_FILTERS: OrderFilters = {
  q: '',
  status: null,
  ticketTypeId: null,
  paymentMethod: null,
  fromDay: null,
  toDay: null,
};

export function hasActiveFilters(filters: OrderFilters): boolean {
  return Boolean(
    filters.q ||
      filters.status ||
      filters.ticketTypeId ||
      filters.paymentMethod ||
      filters.fromDay ||
      filters.toDay,
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a local day starts, `days` later; null for a value a date field did not produce. */
function dayStart(day: string | null, days = 0): string | null {
  if (!day || !DAY.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date + days);
  return Number.isNaN(start.getTime()) ? null : start.toISOString();
}

/** The value if it is one of the allowed ones, else null: a select's "any" or a stale value. */
export function oneOf<T extends string>(allowed: readonly T[], value: string): T | null {
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export const statusOf = (value: string) => oneOf(ORDER_STATUSES, value);
export const paymentMethodOf = (value: string) => oneOf(PAYMENT_METHODS, value);

/** The address parameters of the filters, prefixed so they never meet the event page's own. */
const PARAMS = {
  q: 'orders.q',
  status: 'orders.status',
  ticketTypeId: 'orders.type',
  paymentMethod: 'orders.payment',
  fromDay: 'orders.from',
  toDay: 'orders.to',
} as const satisfies Record<keyof OrderFilters, string>;

const dayOf = (value: string | null) => (value && DAY.test(value) ? value : null);

/** The filters kept in the address (reload, back and a shared link keep them); anything unreadable is "any". */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  return {
    q: params.get(PARAMS.q) ?? '',
    status: statusOf(params.get(PARAMS.status) ?? ''),
    ticketTypeId: params.get(PARAMS.ticketTypeId) || null,
    paymentMethod: paymentMethodOf(params.get(PARAMS.paymentMethod) ?? ''),
    fromDay: dayOf(params.get(PARAMS.fromDay)),
    toDay: dayOf(params.get(PARAMS.toDay)),
  };
}

/** `params` with these filters written in (the ones in use) and every other parameter kept. */
export function withFilters(params: URLSearchParams, filters: OrderFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, name] of Object.entries(PARAMS) as [keyof OrderFilters, string][]) {
    const value = filters[key];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** `GET /events/:id/orders` query: only the filters in use, so the server applies its defaults. */
export function ordersQuery(filters: OrderFilters, limit: number, cursor: string | null): URLSearchParams {
  const search = new URLSearchParams({ limit: String(limit) });
  const q = filters.q.trim();
  if (q) search.set('q', q);
  if (filters.status) search.set('status', filters.status);
  if (filters.ticketTypeId) search.set('ticketTypeId', filters.ticketTypeId);
  if (filters.paymentMethod) search.set('paymentMethod', filters.paymentMethod);
  // The API's `to` is exclusive: up to the start of the day after the last one chosen.
  const from = dayStart(filters.fromDay);
  const to = dayStart(filters.toDay, 1);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (cursor) search.set('cursor', cursor);
  return search;
}
