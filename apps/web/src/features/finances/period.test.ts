import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsFromFilters, presetRange } from './period';

const now = new Date(2026, 2, 15, 10, 30);

describe('finances period', () => {
  it('computes presets in local days', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
  });

  it('reads the address, falling back to the last 30 days on anything odd', () => {
    expect(
      filtersFromParams(new URLSearchParams('period=custom&from=2026-01-02&to=2026-01-05'), now),
    ).toEqual({
      preset: 'custom',
      from: '2026-01-02',
      to: '2026-01-05',
      basis: 'payment',
      eventId: null,
    });
    expect(
      filtersFromParams(new URLSearchParams('period=custom&from=2026-01-05&to=2026-01-02'), now),
    ).toMatchObject({
      preset: 'last30',
      from: '2026-02-14',
    });
    expect(filtersFromParams(new URLSearchParams('period=nope&basis=event&event=x'), now)).toMatchObject({
      preset: 'last30',
      basis: 'event',
      eventId: null,
    });
  });

  it('writes back what it reads', () => {
    const filters = filtersFromParams(
      new URLSearchParams('period=custom&from=2026-01-02&to=2026-01-05&basis=event'),
      now,
    );
    expect(paramsFromFilters(filters).toString()).toBe(
      'period=custom&from=2026-01-02&to=2026-01-05&basis=event',
    );
  });
});
