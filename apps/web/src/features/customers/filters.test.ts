import { describe, expect, it } from 'vitest';
import { customersQuery, filtersFromParams, NO_FILTERS, withFilters } from './filters';

describe('customer filters', () => {
  it('round-trip through the address, leaving defaults out', () => {
    const filters = {
      ...NO_FILTERS,
      q: 'martin',
      tag: 'vip',
      consent: 'granted' as const,
      spendMin: '12,50',
      sort: 'name' as const,
      direction: 'asc' as const,
      lastSeenFrom: '2026-01-01',
    };
    const params = withFilters(new URLSearchParams('other=1'), filters);
    expect(params.get('other')).toBe('1');
    expect(params.has('currency')).toBe(false);
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it('reads anything unreadable as "any"', () => {
    const filters = filtersFromParams(
      new URLSearchParams('consent=maybe&event=x&sort=spend&firstFrom=2026-13'),
    );
    expect(filters).toEqual(NO_FILTERS);
  });

  it('sends amounts in minor units with their currency, and only the filters in use', () => {
    const query = customersQuery({ ...NO_FILTERS, spendMin: '12,50', spendMax: 'abc' });
    expect(Object.fromEntries(query)).toEqual({
      sort: 'lastSeen',
      direction: 'desc',
      spendCurrency: 'EUR',
      spendMin: '1250',
    });
  });
});
