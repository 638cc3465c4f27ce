import type { PublicEvent } from '@guichet/shared/orders';
import { describe, expect, it } from 'vitest';
import { canBuy, cartOf, fitQuantities, maxFor, shortTypes, step } from './cart';

type TicketType = PublicEvent['ticketTypes'][number];

function type(overrides: Partial<TicketType> = {}): TicketType {
  return {
    id: 'a',
    name: 'Standard',
    description: '',
    priceMinor: 2500,
    currency: 'EUR',
    available: 100,
    minPerOrder: 1,
    maxPerOrder: 10,
    salesEnd: null,
    membersOnly: false,
    ...overrides,
  };
}

describe('ticket quantities', () => {
  it('never goes past the per-order maximum nor what is left', () => {
    expect(maxFor(type())).toBe(10);
    expect(maxFor(type({ available: 3 }))).toBe(3);
    expect(step(type({ available: 3 }), 3, 1)).toBe(3);
    expect(step(type(), 10, 1)).toBe(10);
  });

  it('jumps between 0 and the per-order minimum, never below it', () => {
    const pairs = type({ minPerOrder: 2 });
    expect(step(pairs, 0, 1)).toBe(2);
    expect(step(pairs, 2, -1)).toBe(0);
    expect(step(pairs, 3, -1)).toBe(2);
    expect(step(type(), 0, -1)).toBe(0);
  });

  it('counts a type as sold out when the minimum no longer fits', () => {
    expect(canBuy(type({ available: 0 }))).toBe(false);
    expect(canBuy(type({ minPerOrder: 4, available: 3 }))).toBe(false);
    expect(step(type({ minPerOrder: 4, available: 3 }), 0, 1)).toBe(0);
    expect(canBuy(type({ available: 1 }))).toBe(true);
  });

  it('adds up the chosen lines in minor units', () => {
    const front = type({ id: 'b', name: 'Front row', priceMinor: 4500 });
    const cart = cartOf([type(), front], { a: 2, b: 1 });
    expect(cart.totalMinor).toBe(9500);
    expect(cart.tickets).toBe(3);
    expect(cart.lines.map((line) => line.type.id)).toEqual(['a', 'b']);
    expect(cartOf([type()], {}).lines).toEqual([]);
  });

  it('after a sold-out answer, names the types that ran short and keeps what still fits', () => {
    const types = [type({ available: 1 }), type({ id: 'b', name: 'Pairs', minPerOrder: 2, available: 1 })];
    const chosen = { a: 3, b: 2 };
    expect(shortTypes(types, chosen).map((short) => short.name)).toEqual(['Standard', 'Pairs']);
    expect(fitQuantities(types, chosen)).toEqual({ a: 1 });
  });
});
