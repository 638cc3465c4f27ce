import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

describe('uuidv7', () => {
  it('is a version 7, variant 10 UUID carrying the millisecond timestamp', () => {
    const now = Date.UTC(2026, 10, 25, 12, 34, 56, 789);
    const id = uuidv7(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
    expect(uuidv7(0).startsWith('00000000-0000-7')).toBe(true);
    expect(uuidv7(2 ** 48 - 1).startsWith('ffffffff-ffff-7')).toBe(true);
  });

  it('orders by time, and never repeats across many refills of its random pool', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => uuidv7(1_700_000_000_000 + index));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const sameMillisecond = Array.from({ length: 2000 }, () => uuidv7(1_700_000_000_000));
    expect(new Set(sameMillisecond).size).toBe(sameMillisecond.length);
  });
});
