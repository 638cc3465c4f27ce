import { describe, expect, it, vi } from 'vitest';
import { checkoutKey, forgetCheckoutKey, randomKey } from './idempotency';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const keys = () => {
  let next = 0;
  return () => `key-${++next}`;
};

describe('checkout idempotency key', () => {
  it('reuses the key for the same attempt (double click, retry, reload)', () => {
    const storage = memoryStorage();
    const newKey = keys();
    const body = { lines: [{ ticketTypeId: 'a', quantity: 2 }] };
    expect(checkoutKey('event', body, storage, newKey)).toBe('key-1');
    expect(checkoutKey('event', { ...body }, storage, newKey)).toBe('key-1');
  });

  it('takes a new key when the order changed or the attempt ended', () => {
    const storage = memoryStorage();
    const newKey = keys();
    expect(checkoutKey('event', { quantity: 2 }, storage, newKey)).toBe('key-1');
    expect(checkoutKey('event', { quantity: 3 }, storage, newKey)).toBe('key-2');
    forgetCheckoutKey('event', storage);
    expect(checkoutKey('event', { quantity: 3 }, storage, newKey)).toBe('key-3');
  });

  it('still covers retries from the page when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const newKey = keys();
    expect(checkoutKey('other', { quantity: 1 }, blocked, newKey)).toBe('key-1');
    expect(checkoutKey('other', { quantity: 1 }, blocked, newKey)).toBe('key-1');
  });

  it('makes version 4 UUIDs, different every time', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomKey()).toMatch(uuid);
    expect(randomKey()).not.toBe(randomKey());
    // Over plain http (no randomUUID): made from getRandomValues, same shape.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes),
    });
    try {
      expect(randomKey()).toMatch(uuid);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
