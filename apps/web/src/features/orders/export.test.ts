import type { OrderPage } from '@guichet/shared/orders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exportFileName, fetchAllOrders } from './export';
import { NO_FILTERS } from './filters';

const getOrders = vi.fn();
vi.mock('./api/list-orders', () => ({ getOrders: (...args: unknown[]) => getOrders(...args) }));

const page = (codes: string[], nextCursor: string | null) =>
  ({ items: codes.map((code) => ({ code })), nextCursor }) as unknown as OrderPage;

describe('fetchAllOrders', () => {
  beforeEach(() => getOrders.mockReset());

  it('follows the cursor to the last page and reports progress', async () => {
    getOrders.mockResolvedValueOnce(page(['a', 'b'], 'c1')).mockResolvedValueOnce(page(['c'], null));
    const progress: number[] = [];
    const orders = await fetchAllOrders('event', NO_FILTERS, {
      signal: new AbortController().signal,
      onProgress: (count) => progress.push(count),
    });
    expect(orders.map((order) => order.code)).toEqual(['a', 'b', 'c']);
    expect(progress).toEqual([2, 3]);
    expect(getOrders.mock.calls.map((call) => call[2])).toEqual([null, 'c1']);
    expect(getOrders.mock.calls[0]?.[3]).toMatchObject({ limit: 100 });
  });

  it('stops when cancelled between pages', async () => {
    const controller = new AbortController();
    getOrders.mockImplementationOnce(async () => {
      controller.abort();
      return page(['a'], 'c1');
    });
    await expect(
      fetchAllOrders('event', NO_FILTERS, { signal: controller.signal, onProgress: () => {} }),
    ).rejects.toThrow();
    expect(getOrders).toHaveBeenCalledTimes(1);
  });
});

describe('exportFileName', () => {
  it('makes the event name file-safe', () => {
    expect(exportFileName('orders', 'Jazz on the Seine — Été!', new Date('2026-11-23T01:00:00Z'))).toBe(
      'orders-jazz-on-the-seine-ete-2026-11-23.csv',
    );
  });
});
