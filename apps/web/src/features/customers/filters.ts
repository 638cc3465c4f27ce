import { CONSENT_FILTERS, CUSTOMER_SORTS, type CustomerSort } from '@guichet/shared/customer-values';
import { parseMoney } from '@guichet/shared/money';

/** What narrows and orders the customers list; empty values mean "any". Kept in the address. */
export interface CustomerListFilters {
  q: string;
  eventId: string | null;
  eventRelation: 'bought' | 'attended';
  tag: string;
  consent: (typeof CONSENT_FILTERS)[number] | null;
  /** Amounts as typed (in the currency's units), converted to minor units for the API. */
  spendCurrency: string;
  spendMin: string;
  spendMax: string;
  /** Days (`YYYY-MM-DD`) in the staff member's own time zone, both included. */
  firstSeenFrom: string | null;
  firstSeenTo: string | null;
  lastSeenFrom: string | null;
  lastSeenTo: string | null;
  listId: string | null;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
}

export const NO_FILTERS: CustomerListFilters = {
  q: '',
  eventId: null,
  eventRelation: 'bought',
  tag: '',
  consent: null,
  spendCurrency: 'EUR',
  spendMin: '',
  spendMax: '',
  firstSeenFrom: null,
  firstSeenTo: null,
  lastSeenFrom: null,
  lastSeenTo: null,
  listId: null,
  sort: 'lastSeen',
  direction: 'desc',
};

/** Whether anything narrows the list (the sort does not). */
export function hasActiveFilters(f: CustomerListFilters): boolean {
  return Boolean(
    f.q.trim() ||
      f.eventId ||
      f.tag.trim() ||
      f.consent ||
      f.spendMin.trim() ||
      f.spendMax.trim() ||
      f.firstSeenFrom ||
      f.firstSeenTo ||
      f.lastSeenFrom ||
      f.lastSeenTo ||
      f.listId,
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dayOf = (value: string | null) => (value && DAY.test(value) ? value : null);
const idOf = (value: string | null) => (value && UUID.test(value) ? value : null);
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** The instant a local day starts, `days` later. */
function dayStart(day: string | null, days = 0): string | null {
  if (!day || !DAY.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date + days);
  return Number.isNaN(start.getTime()) ? null : start.toISOString();
}

/** The end of a local day: the instant before the next one starts. */
function dayEnd(day: string | null): string | null {
  const next = dayStart(day, 1);
  return next ? new Date(new Date(next).getTime() - 1).toISOString() : null;
}

const PARAMS = {
  q: 'q',
  eventId: 'event',
  eventRelation: 'relation',
  tag: 'tag',
  consent: 'consent',
  spendCurrency: 'currency',
  spendMin: 'spendMin',
  spendMax: 'spendMax',
  firstSeenFrom: 'firstFrom',
  firstSeenTo: 'firstTo',
  lastSeenFrom: 'lastFrom',
  lastSeenTo: 'lastTo',
  listId: 'list',
  sort: 'sort',
  direction: 'direction',
} as const satisfies Record<keyof CustomerListFilters, string>;

/** The filters kept in the address; anything unreadable is "any". */
export function filtersFromParams(params: URLSearchParams): CustomerListFilters {
  const get = (key: keyof CustomerListFilters) => params.get(PARAMS[key]);
  const currency = get('spendCurrency')?.toUpperCase() ?? '';
  return {
    q: get('q') ?? '',
    eventId: idOf(get('eventId')),
    eventRelation: get('eventRelation') === 'attended' ? 'attended' : 'bought',
    tag: get('tag') ?? '',
    consent: oneOf(CONSENT_FILTERS, get('consent')),
    spendCurrency: /^[A-Z]{3}$/.test(currency) ? currency : NO_FILTERS.spendCurrency,
    spendMin: get('spendMin') ?? '',
    spendMax: get('spendMax') ?? '',
    firstSeenFrom: dayOf(get('firstSeenFrom')),
    firstSeenTo: dayOf(get('firstSeenTo')),
    lastSeenFrom: dayOf(get('lastSeenFrom')),
    lastSeenTo: dayOf(get('lastSeenTo')),
    listId: idOf(get('listId')),
    sort: oneOf(CUSTOMER_SORTS, get('sort')) ?? NO_FILTERS.sort,
    direction: get('direction') === 'asc' ? 'asc' : 'desc',
  };
}

/** `params` with these filters written in (those differing from the defaults), other parameters kept. */
export function withFilters(params: URLSearchParams, filters: CustomerListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, name] of Object.entries(PARAMS) as [keyof CustomerListFilters, string][]) {
    const value = filters[key];
    if (value && value !== NO_FILTERS[key]) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** A typed amount in minor units, or null when empty or unreadable (the field says so). */
export function amountMinor(text: string, currency: string): number | null {
  const parsed = parseMoney(text, currency);
  return parsed.ok ? parsed.minor : null;
}

/** The API's query for these filters: only what is in use, so the server applies its defaults. */
export function customersQuery(f: CustomerListFilters): URLSearchParams {
  const search = new URLSearchParams({ sort: f.sort, direction: f.direction });
  const set = (key: string, value: string | null | undefined) => {
    if (value) search.set(key, value);
  };
  set('q', f.q.trim());
  if (f.eventId) {
    search.set('eventId', f.eventId);
    search.set('eventRelation', f.eventRelation);
  }
  set('tag', f.tag.trim());
  set('consent', f.consent);
  const min = f.spendMin.trim() ? amountMinor(f.spendMin, f.spendCurrency) : null;
  const max = f.spendMax.trim() ? amountMinor(f.spendMax, f.spendCurrency) : null;
  if (min !== null || max !== null) search.set('spendCurrency', f.spendCurrency);
  if (min !== null) search.set('spendMin', String(min));
  if (max !== null) search.set('spendMax', String(max));
  set('firstSeenFrom', dayStart(f.firstSeenFrom));
  set('firstSeenTo', dayEnd(f.firstSeenTo));
  set('lastSeenFrom', dayStart(f.lastSeenFrom));
  set('lastSeenTo', dayEnd(f.lastSeenTo));
  set('listId', f.listId);
  return search;
}
