import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  hasActiveFilters,
  NO_FILTERS,
  ordersQuery,
  paymentMethodOf,
  statusOf,
  withFilters,
} from './filters';

describe('order filters', () => {
  it('asks only for the filters in use', () => {
    expect(ordersQuery(NO_FILTERS, 25, null).toString()).toBe('limit=25');
    const query = ordersQuery(
      {
        q: '  zoé ',
        status: 'paid',
        ticketTypeId: 'type-1',
        paymentMethod: 'offline',
        fromDay: '2026-03-01',
        toDay: '2026-03-31',
      },
      100,
      'cursor-1',
    );
    expect(Object.fromEntries(query)).toEqual({
      limit: '100',
      q: 'zoé',
      status: 'paid',
      ticketTypeId: 'type-1',
      paymentMethod: 'offline',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
      cursor: 'cursor-1',
    });
  });

  it('ignores a day that is not one', () => {
    expect(ordersQuery({ ...NO_FILTERS, fromDay: '2026-3-1', toDay: '' }, 25, null).toString()).toBe(
      'limit=25',
    );
  });

  it('tells whether a filter is in use', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, q: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, toDay: '2026-01-01' })).toBe(true);
  });

  it('reads select values, dropping unknown ones', () => {
    expect(statusOf('pending_payment')).toBe('pending_payment');
    expect(statusOf('')).toBeNull();
    expect(paymentMethodOf('stripe')).toBe('stripe');
    expect(paymentMethodOf('cash')).toBeNull();
  });

  it('keeps the filters in the address beside the page’s own parameters, and reads them back', () => {
    const filters = {
      ...NO_FILTERS,
      q: 'Ada & co',
      status: 'paid' as const,
      paymentMethod: 'offline' as const,
      fromDay: '2026-12-01',
    };
    const params = withFilters(new URLSearchParams('order=abc'), filters);
    expect(params.get('order')).toBe('abc');
    expect(filtersFromParams(params)).toEqual(filters);
    // Cleared filters leave the address; the page's own parameter stays.
    expect(withFilters(params, NO_FILTERS).toString()).toBe('order=abc');
  });

  it('reads an edited address safely: unknown values are "any"', () => {
    const params = new URLSearchParams('orders.status=nope&orders.payment=gold&orders.from=tomorrow');
    expect(filtersFromParams(params)).toEqual(NO_FILTERS);
  });
});
