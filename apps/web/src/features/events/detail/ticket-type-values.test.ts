import type { TicketType } from '@guichet/shared/events';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  emptyTicketTypeValues,
  moved,
  readPool,
  readTicketType,
  serverFormErrors,
  type TicketTypeFormValues,
  ticketTypeValuesOf,
  wholeNumber,
} from './ticket-type-values';

const context = { currency: 'EUR', timeZone: 'Europe/Paris' };
const valid = (overrides: Partial<TicketTypeFormValues> = {}): TicketTypeFormValues => ({
  ...emptyTicketTypeValues(),
  name: ' Standard ',
  price: '25,50',
  capacity: 100,
  ...overrides,
});

describe('readTicketType', () => {
  it('builds the body: integer minor units, UTC sales window, trimmed text', () => {
    const { errors, body } = readTicketType(
      valid({ salesStart: '2026-06-01T09:00', salesEnd: '2026-07-14T18:00', poolId: null }),
      context,
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: 'Standard',
      description: '',
      priceMinor: 2550,
      vatRateBp: null,
      capacity: 100,
      poolId: null,
      salesStart: '2026-06-01T07:00:00.000Z',
      salesEnd: '2026-07-14T16:00:00.000Z',
      minPerOrder: 1,
      maxPerOrder: 10,
      visibility: 'public',
      memberListIds: [],
      maxPerMember: null,
    });
  });

  it('asks a members-only type for its lists, and reads its maximum per member (empty: no limit)', () => {
    const members = { visibility: 'members' as const, memberListIds: ['list-a'] };
    expect(readTicketType(valid({ ...members, maxPerMember: 2 }), context).body).toMatchObject({
      visibility: 'members',
      memberListIds: ['list-a'],
      maxPerMember: 2,
    });
    expect(readTicketType(valid(members), context).body?.maxPerMember).toBeNull();
    expect(readTicketType(valid({ ...members, memberListIds: [] }), context).errors).toEqual({
      memberListIds: 'required',
    });
    expect(readTicketType(valid({ ...members, maxPerMember: 0 }), context).errors).toEqual({
      maxPerMember: 'wholeNumber',
    });
    // Another visibility sends no lists, whatever the form still holds.
    expect(readTicketType(valid({ memberListIds: ['list-a'], maxPerMember: 3 }), context).body).toMatchObject(
      { memberListIds: [], maxPerMember: null },
    );
  });

  it('marks the lists’ field when the server refuses one list of several', () => {
    const refused = new ApiError(400, 'argument-error', 'invalid', [
      { path: 'body.memberListIds.1', message: 'No such member list.' },
    ]);
    expect(serverFormErrors(refused, ['memberListIds', 'name']).errors).toEqual({ memberListIds: 'invalid' });
  });

  it('reads a VAT rate typed in percent, empty meaning the organisation’s default', () => {
    expect(readTicketType(valid({ vatRate: '5,5' }), context).body?.vatRateBp).toBe(550);
    expect(readTicketType(valid({ vatRate: '20 %' }), context).body?.vatRateBp).toBe(2000);
    expect(readTicketType(valid({ vatRate: ' ' }), context).body?.vatRateBp).toBeNull();
    for (const vatRate of ['-1', '101', '5.555', 'ten']) {
      expect(readTicketType(valid({ vatRate }), context).errors, vatRate).toEqual({ vatRate: 'invalid' });
    }
  });

  it('reads the price with the currency’s decimals', () => {
    expect(readTicketType(valid({ price: '1500' }), { ...context, currency: 'JPY' }).body?.priceMinor).toBe(
      1500,
    );
    expect(readTicketType(valid({ price: '15.5' }), { ...context, currency: 'JPY' }).errors).toEqual({
      price: 'priceTooPrecise',
    });
  });

  it('accepts a free ticket', () => {
    expect(readTicketType(valid({ price: '0' }), context).body?.priceMinor).toBe(0);
  });

  it.each<[string, Partial<TicketTypeFormValues>, object]>([
    ['no name', { name: '' }, { name: 'required' }],
    ['no price', { price: '' }, { price: 'required' }],
    ['a price that is not a number', { price: '12€' }, { price: 'priceInvalid' }],
    ['a price with too many decimals', { price: '9.999' }, { price: 'priceTooPrecise' }],
    ['a price too large', { price: '100000001' }, { price: 'priceTooLarge' }],
    ['no capacity', { capacity: '' }, { capacity: 'required' }],
    ['a fractional capacity', { capacity: 10.5 }, { capacity: 'wholeNumber' }],
    ['a negative capacity', { capacity: -1 }, { capacity: 'wholeNumber' }],
    ['a minimum of zero', { minPerOrder: 0 }, { minPerOrder: 'wholeNumber' }],
    ['a maximum below the minimum', { minPerOrder: 4, maxPerOrder: 2 }, { maxPerOrder: 'maxBelowMin' }],
    ['a maximum over 1000', { maxPerOrder: 1001 }, { maxPerOrder: 'wholeNumber' }],
    [
      'sales ending before they start',
      { salesStart: '2026-06-02T09:00', salesEnd: '2026-06-01T09:00' },
      { salesEnd: 'salesEndBeforeStart' },
    ],
    ['an impossible sales date', { salesStart: '2026-02-31T09:00' }, { salesStart: 'invalidDate' }],
  ])('reports %s next to its field, with no body', (_label, overrides, errors) => {
    const result = readTicketType(valid(overrides), context);
    expect(result.errors).toEqual(errors);
    expect(result.body).toBeUndefined();
  });
});

describe('ticketTypeValuesOf', () => {
  it('fills the form from a saved type, in the event zone and currency', () => {
    const type = {
      name: 'VIP',
      description: 'Front rows',
      priceMinor: 9000,
      currency: 'EUR',
      capacity: 20,
      poolId: null,
      salesStart: '2026-06-01T07:00:00.000Z',
      salesEnd: null,
      minPerOrder: 1,
      maxPerOrder: 4,
      visibility: 'hidden',
    } as TicketType;
    expect(ticketTypeValuesOf(type, 'Europe/Paris')).toMatchObject({
      price: '90.00',
      salesStart: '2026-06-01T09:00',
      salesEnd: '',
      visibility: 'hidden',
    });
  });
});

describe('wholeNumber', () => {
  it.each<[string | number, number | undefined]>([
    [5, 5],
    ['5', 5],
    ['', undefined],
    [' ', undefined],
    [2.5, undefined],
    [-1, undefined],
    [11, undefined],
  ])('%j in [0, 10] is %s', (value, result) => {
    expect(wholeNumber(value, 0, 10)).toBe(result);
  });
});

describe('readPool', () => {
  it('needs a name and a whole capacity', () => {
    expect(readPool({ name: ' Hall ', capacity: 300, ticketTypeIds: [] })).toEqual({
      errors: {},
      body: { name: 'Hall', capacity: 300 },
    });
    expect(readPool({ name: '', capacity: '', ticketTypeIds: [] }).errors).toEqual({
      name: 'required',
      capacity: 'required',
    });
  });

  it('refuses a negative capacity and a name over the limit rather than changing them', () => {
    expect(readPool({ name: 'Hall', capacity: -5, ticketTypeIds: [] }).errors).toEqual({
      capacity: 'wholeNumber',
    });
    expect(readPool({ name: 'x'.repeat(201), capacity: 5, ticketTypeIds: [] }).errors).toEqual({
      name: 'tooLong',
    });
    expect(readTicketType(valid({ capacity: -1 }), context).errors).toEqual({ capacity: 'wholeNumber' });
    expect(readTicketType(valid({ capacity: '2.5' }), context).errors).toEqual({ capacity: 'wholeNumber' });
    expect(readTicketType(valid({ name: 'n'.repeat(201) }), context).errors).toEqual({ name: 'tooLong' });
  });
});

describe('serverFormErrors', () => {
  const fields = ['name', 'capacity', 'salesEnd', 'maxPerOrder'] as const;

  it('puts a 409 capacity-below-sold on the capacity, with the minimum', () => {
    const error = new ApiError(409, 'capacity-below-sold', 'No', { path: 'body.capacity', minimum: 12 });
    expect(serverFormErrors(error, fields)).toEqual({
      errors: { capacity: 'capacityBelowSold' },
      minimum: 12,
    });
  });

  it('places 400 details on their fields', () => {
    const error = new ApiError(400, 'argument-error', 'No', [
      { path: 'body.salesEnd', message: 'Sales must end after they start.' },
      { path: 'body.maxPerOrder', message: 'The maximum per order cannot be below the minimum.' },
      { path: 'body.name', message: 'Too small' },
      { path: 'body.poolId', message: 'No such capacity pool for this event.' },
    ]);
    expect(serverFormErrors(error, fields).errors).toEqual({
      salesEnd: 'salesEndBeforeStart',
      maxPerOrder: 'maxBelowMin',
      name: 'invalid',
    });
  });

  it('leaves other errors to the form', () => {
    expect(serverFormErrors(new ApiError(409, 'has-sales', 'No'), fields)).toEqual({ errors: {} });
  });
});

describe('moved', () => {
  it('swaps with the neighbour, and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });
});
