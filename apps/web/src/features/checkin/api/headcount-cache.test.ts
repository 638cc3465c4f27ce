import type { Headcount } from '@guichet/shared/scan';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyHeadcount, headcountOf } from './headcount-cache';
import { checkinKeys } from './keys';

const EVENT = '0195f0a0-0000-7000-8000-000000000001';

function headcount(overrides: Partial<Headcount> = {}): Headcount {
  return {
    eventId: EVENT,
    checkedIn: 1,
    insideNow: 1,
    expected: 10,
    lists: [],
    ticketTypes: [],
    openConflicts: 0,
    at: '2026-07-14T20:00:00.000Z',
    ...overrides,
  };
}

const message = (data: unknown, event = 'headcount') => ({
  event,
  data: JSON.stringify(data),
  id: undefined,
});

describe('headcount stream messages', () => {
  it('reads a headcount event and ignores anything else', () => {
    expect(headcountOf(message({ type: 'headcount', headcount: headcount() }))).toEqual(headcount());
    expect(headcountOf(message({ type: 'headcount', headcount: headcount() }, 'ping'))).toBeNull();
    expect(headcountOf(message({ type: 'headcount', headcount: { checkedIn: 'many' } }))).toBeNull();
    expect(headcountOf({ event: 'headcount', data: '{not json', id: undefined })).toBeNull();
  });
});

describe('applying a headcount', () => {
  it('replaces the cached figures, reads the log again, and the conflicts only when their count moved', async () => {
    const client = new QueryClient();
    const reads = { log: 0, conflicts: 0 };
    // Observed queries, as the sections on screen hold them: invalidation refetches only active ones.
    const stops = (['log', 'conflicts'] as const).map((name) =>
      new QueryObserver(client, {
        queryKey: checkinKeys[name](EVENT),
        queryFn: async () => {
          reads[name] += 1;
          return [];
        },
      }).subscribe(() => undefined),
    );
    const counted = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [reads.log, reads.conflicts];
    };
    expect(await counted()).toEqual([1, 1]);

    // The first headcount only fills the cache: the sections load their own data.
    applyHeadcount(client, EVENT, headcount());
    expect(client.getQueryData(checkinKeys.headcount(EVENT))).toEqual(headcount());
    expect(await counted()).toEqual([1, 1]);

    // Someone went out: the figures change and the log is read again, not the conflicts.
    applyHeadcount(client, EVENT, headcount({ insideNow: 0 }));
    expect(client.getQueryData<Headcount>(checkinKeys.headcount(EVENT))?.insideNow).toBe(0);
    expect(await counted()).toEqual([2, 1]);

    // A sync raised a conflict: both are read again.
    applyHeadcount(client, EVENT, headcount({ insideNow: 0, openConflicts: 1 }));
    expect(await counted()).toEqual([3, 2]);
    for (const stop of stops) stop();
  });
});
