import type { TicketType } from '@guichet/shared/events';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/i18n';
import {
  type BoxOfficeValues,
  boxOfficeBody,
  emptyBoxOffice,
  shortTypes,
  totalMinor,
  validateBoxOffice,
} from './box-office-values';

const t = ((key: string) => key) as TFunction;

const type = (id: string, fields: Partial<TicketType> = {}) =>
  ({
    id,
    name: `Type ${id}`,
    priceMinor: 2500,
    currency: 'EUR',
    left: 10,
    minPerOrder: 1,
    maxPerOrder: 10,
    ...fields,
  }) as TicketType;

const types = [type('a', { left: 50 }), type('b', { priceMinor: 1000, minPerOrder: 2, left: 3 })];
const values = (fields: Partial<BoxOfficeValues>): BoxOfficeValues => ({
  ...emptyBoxOffice(),
  buyerName: 'Zoé',
  buyerEmail: 'zoe@example.com',
  ...fields,
});

describe('box office form', () => {
  it('accepts a valid order and builds its body, blank names left out', () => {
    const filled = values({ quantities: { a: 2, b: 0 }, names: { a: ['', ' Ann '] }, note: ' Cash ' });
    expect(validateBoxOffice(filled, types, t)).toEqual({});
    expect(boxOfficeBody(filled, types, 'fr')).toEqual({
      buyer: { name: 'Zoé', email: 'zoe@example.com' },
      lines: [{ ticketTypeId: 'a', quantity: 2, attendeeNames: ['Ann'] }],
      payment: 'paid',
      sendEmail: true,
      locale: 'fr',
      note: 'Cash',
    });
  });

  it('refuses no tickets, a missing buyer and a bad e-mail', () => {
    expect(validateBoxOffice(values({ buyerName: ' ', buyerEmail: 'zoe@' }), types, t)).toEqual({
      lines: 'orders.boxOffice.noTickets',
      buyerName: 'orders.boxOffice.nameRequired',
      buyerEmail: 'orders.boxOffice.emailInvalid',
    });
  });

  it('keeps each type within its limits and what is left', () => {
    expect(validateBoxOffice(values({ quantities: { b: 1 } }), types, t).types).toEqual({
      b: 'orders.boxOffice.belowMin',
    });
    expect(validateBoxOffice(values({ quantities: { b: 4 } }), types, t).types).toEqual({
      b: 'orders.boxOffice.notEnough',
    });
    expect(validateBoxOffice(values({ quantities: { a: 11 } }), types, t).types).toEqual({
      a: 'orders.boxOffice.aboveMax',
    });
  });

  it('prices the order, nothing when complimentary', () => {
    expect(totalMinor(values({ quantities: { a: 2, b: 2 } }), types)).toBe(7000);
    expect(totalMinor(values({ quantities: { a: 2 }, payment: 'comp' }), types)).toBe(0);
  });

  it('names the types that ran short after a sold-out answer', () => {
    const fresh = [type('a', { left: 1 }), type('b', { left: 3 })];
    expect(shortTypes(values({ quantities: { a: 2, b: 2 } }), fresh).map((short) => short.id)).toEqual(['a']);
  });
});
