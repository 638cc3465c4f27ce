import type { PublicEvent } from '@guichet/shared/orders';

type TicketType = PublicEvent['ticketTypes'][number];

/** Chosen quantities by ticket type id; a type left out counts as 0. */
export type Quantities = Readonly<Record<string, number>>;

/** The most of one type a buyer may take: the per-order maximum, or fewer when fewer places are left. */
export function maxFor(type: TicketType): number {
  return Math.max(0, Math.min(type.maxPerOrder, type.available));
}

/** Whether the type can be bought at all: enough places left to reach the per-order minimum. */
export function canBuy(type: TicketType): boolean {
  return maxFor(type) >= Math.max(1, type.minPerOrder);
}

/**
 * One step up or down. A quantity is 0 or within [min, max], so the step from 0 jumps to the minimum and
 * the step below the minimum goes back to 0 (a "minimum 2" type never shows 1).
 */
export function step(type: TicketType, current: number, direction: 1 | -1): number {
  const min = Math.max(1, type.minPerOrder);
  const max = maxFor(type);
  if (direction === 1) return current === 0 ? (min <= max ? min : 0) : Math.min(current + 1, max);
  return current <= min ? 0 : current - 1;
}

/** Quantities still possible after the availability changed (a sold-out answer refreshed it). */
export function fitQuantities(types: readonly TicketType[], quantities: Quantities): Quantities {
  const fitted: Record<string, number> = {};
  for (const type of types) {
    const wanted = quantities[type.id] ?? 0;
    if (wanted === 0) continue;
    const max = maxFor(type);
    const kept = Math.min(wanted, max);
    if (kept >= Math.max(1, type.minPerOrder)) fitted[type.id] = kept;
  }
  return fitted;
}

/** The types whose chosen quantity no longer fits what is left. */
export function shortTypes(types: readonly TicketType[], quantities: Quantities): TicketType[] {
  return types.filter((type) => (quantities[type.id] ?? 0) > maxFor(type));
}

export interface CartLine {
  type: TicketType;
  quantity: number;
}

/** The chosen lines in the page's order, with their total in minor units and the ticket count. */
export function cartOf(types: readonly TicketType[], quantities: Quantities) {
  const lines: CartLine[] = types
    .map((type) => ({ type, quantity: quantities[type.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  return {
    lines,
    totalMinor: lines.reduce((sum, line) => sum + line.type.priceMinor * line.quantity, 0),
    tickets: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}
