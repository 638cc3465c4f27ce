import type { EventSort, EventStatus } from '@guichet/shared/events';
import type { TranslationKey } from '../../../lib/i18n';

/*
 * The statuses and sorts the page offers, in display order, with their labels. Records keyed by the shared
 * unions, so a new status or sort fails to compile until it is added here; importing the shared lists instead
 * would bring that module's zod schemas into this page's chunk.
 */
export const STATUS_LABELS: Record<EventStatus, TranslationKey> = {
  draft: 'eventList.status.draft',
  published: 'eventList.status.published',
  cancelled: 'eventList.status.cancelled',
  archived: 'eventList.status.archived',
};
export const SORT_LABELS: Record<EventSort, TranslationKey> = {
  startsAt: 'eventList.sort.dateAsc',
  '-startsAt': 'eventList.sort.dateDesc',
  name: 'eventList.sort.nameAsc',
  '-name': 'eventList.sort.nameDesc',
  '-createdAt': 'eventList.sort.newest',
  createdAt: 'eventList.sort.oldest',
};
export const STATUSES = Object.keys(STATUS_LABELS) as EventStatus[];
export const SORTS = Object.keys(SORT_LABELS) as EventSort[];

/** Which events by date: still running or to come, already started, any, or a range of days. */
export const EVENT_WHENS = ['upcoming', 'past', 'all', 'range'] as const;
export type EventWhen = (typeof EVENT_WHENS)[number];

export interface EventListFilters {
  q: string;
  status: EventStatus | null;
  when: EventWhen;
  /** First and last day of a `range`, `YYYY-MM-DD` in the browser's time zone; null leaves that side open. */
  fromDay: string | null;
  toDay: string | null;
  sort: EventSort;
}

/** What `/events` shows without search parameters: what is coming, soonest first. */
export const DEFAULT_WHEN: EventWhen = 'upcoming';

/** Past events read best most recent first; everything else in date order. */
export function defaultSort(when: EventWhen): EventSort {
  return when === 'past' ? '-startsAt' : 'startsAt';
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDay(value: string | null): value is string {
  const match = value ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** `value` when it is one of `values`, else null. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** Reads the filters from the page's search parameters; anything unreadable falls back to the default. */
export function filtersFromParams(params: URLSearchParams): EventListFilters {
  const when = oneOf(EVENT_WHENS, params.get('when')) ?? DEFAULT_WHEN;
  const fromDay = params.get('fromDay');
  const toDay = params.get('toDay');
  return {
    q: (params.get('q') ?? '').trim(),
    status: oneOf(STATUSES, params.get('status')),
    when,
    fromDay: when === 'range' && isDay(fromDay) ? fromDay : null,
    toDay: when === 'range' && isDay(toDay) ? toDay : null,
    sort: oneOf(SORTS, params.get('sort')) ?? defaultSort(when),
  };
}

/** The search parameters of some filters: defaults are left out, so a plain `/events` is the default view. */
export function paramsFromFilters(filters: EventListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.when !== DEFAULT_WHEN) params.set('when', filters.when);
  if (filters.when === 'range') {
    if (filters.fromDay) params.set('fromDay', filters.fromDay);
    if (filters.toDay) params.set('toDay', filters.toDay);
  }
  if (filters.sort !== defaultSort(filters.when)) params.set('sort', filters.sort);
  return params;
}

/** Whether the filters narrow the list (the default "upcoming" counts: past events are hidden by it). */
export function hasActiveFilters(filters: EventListFilters): boolean {
  return filters.q !== '' || filters.status !== null || filters.when !== 'all';
}

function startOfDay(day: string, offsetDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + offsetDays).toISOString();
}

/**
 * The API's query for the filters (`GET /api/events`): `from` keeps events still running at that instant,
 * `to` those starting before it; a range runs from the first day's midnight to the midnight after the last.
 */
export function apiQuery(filters: EventListFilters, now: Date): Record<string, string> {
  const query: Record<string, string> = { sort: filters.sort };
  if (filters.q) query.q = filters.q;
  if (filters.status) query.status = filters.status;
  if (filters.when === 'upcoming') query.from = now.toISOString();
  if (filters.when === 'past') query.to = now.toISOString();
  if (filters.when === 'range') {
    if (filters.fromDay) query.from = startOfDay(filters.fromDay);
    if (filters.toDay) query.to = startOfDay(filters.toDay, 1);
  }
  return query;
}
