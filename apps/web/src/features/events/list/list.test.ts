import { describe, expect, it } from 'vitest';
import { apiQuery, filtersFromParams, hasActiveFilters, paramsFromFilters } from './filters';
import { formatEventDates } from './format';

const read = (search: string) => filtersFromParams(new URLSearchParams(search));

describe('events list filters', () => {
  it('defaults to upcoming events, soonest first', () => {
    expect(read('')).toEqual({
      q: '',
      status: null,
      when: 'upcoming',
      fromDay: null,
      toDay: null,
      sort: 'startsAt',
    });
    expect(paramsFromFilters(read('')).toString()).toBe('');
  });

  it('sorts past events most recent first unless a sort is chosen', () => {
    expect(read('when=past').sort).toBe('-startsAt');
    expect(read('when=past&sort=name').sort).toBe('name');
    expect(paramsFromFilters(read('when=past')).toString()).toBe('when=past');
  });

  it('round-trips through the address', () => {
    const search = 'q=jazz&status=published&when=range&fromDay=2025-06-01&toDay=2025-06-30&sort=-name';
    expect(paramsFromFilters(read(search)).toString()).toBe(search);
  });

  it('ignores what it cannot read', () => {
    expect(read('status=deleted&when=soon&sort=price&fromDay=2025-02-30')).toEqual(read(''));
    expect(read('when=range&fromDay=2025-02-30&toDay=tomorrow')).toMatchObject({
      fromDay: null,
      toDay: null,
    });
    expect(read('fromDay=2025-06-01')).toMatchObject({ fromDay: null });
  });

  it('counts "upcoming" as a filter, "all" as none', () => {
    expect(hasActiveFilters(read(''))).toBe(true);
    expect(hasActiveFilters(read('when=all'))).toBe(false);
    expect(hasActiveFilters(read('when=all&q=x'))).toBe(true);
  });

  it('asks the API for events still running from now, or starting before now', () => {
    const now = new Date('2025-06-14T12:00:00.000Z');
    expect(apiQuery(read('q=jazz'), now)).toEqual({ sort: 'startsAt', q: 'jazz', from: now.toISOString() });
    expect(apiQuery(read('when=past&status=draft'), now)).toEqual({
      sort: '-startsAt',
      status: 'draft',
      to: now.toISOString(),
    });
    expect(apiQuery(read('when=all'), now)).toEqual({ sort: 'startsAt' });
  });

  it('turns a range of days into local midnights, the last day included', () => {
    const query = apiQuery(read('when=range&fromDay=2025-06-01&toDay=2025-06-30'), new Date());
    expect(query.from).toBe(new Date(2025, 5, 1).toISOString());
    expect(query.to).toBe(new Date(2025, 6, 1).toISOString());
  });
});

describe('formatEventDates', () => {
  // ICU versions differ in the spaces they use (narrow no-break, thin): compare words, not spaces.
  const dates = (...args: Parameters<typeof formatEventDates>) =>
    formatEventDates(...args).replace(/\s+/g, ' ');

  it('shows the dates in the event’s time zone, with its abbreviation, 24-hour and day first in English too', () => {
    expect(dates('2025-06-14T17:00:00Z', '2025-06-14T21:00:00Z', 'Europe/Paris', 'en')).toBe(
      'Sat, 14 Jun 2025, 19:00–23:00 CEST',
    );
    expect(dates('2025-06-14T17:00:00Z', '2025-06-14T21:00:00Z', 'America/New_York', 'fr')).toBe(
      'sam. 14 juin 2025, 13:00 – 17:00 UTC−4',
    );
  });

  it('shows the end date when the event runs over several days', () => {
    expect(dates('2025-06-14T17:00:00Z', '2025-06-16T21:00:00Z', 'Europe/Paris', 'en')).toBe(
      'Sat, 14 Jun 2025, 19:00 CEST – Mon, 16 Jun 2025, 23:00 CEST',
    );
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(dates('2025-06-14T17:00:00Z', '2025-06-14T21:00:00Z', 'Mars/Olympus', 'en')).toContain('UTC');
  });
});
