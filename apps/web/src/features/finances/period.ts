import type { FinanceBasis } from '@guichet/shared/finances';

/** The period of `/finances`, kept in the address so a reload or a shared link shows the same figures. */

export const PRESETS = ['today', 'last7', 'last30', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface FinancesFilters {
  preset: Preset;
  from: string;
  to: string;
  basis: FinanceBasis;
  eventId: string | null;
}

/** A calendar day in the browser's time zone, as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last day of a preset, around `now`. */
export function presetRange(
  preset: Exclude<Preset, 'custom'>,
  now = new Date(),
): { from: string; to: string } {
  const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  switch (preset) {
    case 'today':
      return { from: localDay(now), to: localDay(now) };
    case 'last7':
      return { from: localDay(day(-6)), to: localDay(now) };
    case 'last30':
      return { from: localDay(day(-29)), to: localDay(now) };
    case 'thisMonth':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: localDay(now) };
    case 'lastMonth':
      return {
        from: localDay(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
        to: localDay(new Date(now.getFullYear(), now.getMonth(), 0)),
      };
    case 'thisYear':
      return { from: localDay(new Date(now.getFullYear(), 0, 1)), to: localDay(now) };
  }
}

// Spelled out here: the shared list would bring the API's schemas (zod) into the page's chunk.
const BASES: readonly FinanceBasis[] = ['payment', 'event'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f-]{36}$/i;

export function filtersFromParams(params: URLSearchParams, now = new Date()): FinancesFilters {
  const asked = params.get('period');
  const preset: Preset = (PRESETS as readonly string[]).includes(asked ?? '') ? (asked as Preset) : 'last30';
  const basis = params.get('basis');
  const eventId = params.get('event');
  const common = {
    basis: (BASES as readonly string[]).includes(basis ?? '') ? (basis as FinanceBasis) : 'payment',
    eventId: eventId && UUID.test(eventId) ? eventId : null,
  };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (preset === 'custom' && DAY.test(from) && DAY.test(to) && from <= to) {
    return { preset, from, to, ...common };
  }
  const fallback = preset === 'custom' ? 'last30' : preset;
  return { preset: fallback, ...presetRange(fallback, now), ...common };
}

export function paramsFromFilters(filters: FinancesFilters): URLSearchParams {
  const params = new URLSearchParams({ period: filters.preset });
  if (filters.preset === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.basis !== 'payment') params.set('basis', filters.basis);
  if (filters.eventId) params.set('event', filters.eventId);
  return params;
}

/** The query string of the API for these filters, in the browser's time zone. */
export function apiQuery(filters: FinancesFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    from: filters.from,
    to: filters.to,
    basis: filters.basis,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    ...extra,
  });
  if (filters.eventId) params.set('eventId', filters.eventId);
  return params.toString();
}
