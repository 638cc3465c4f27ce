import type { SyncRequest, SyncResponse } from '@guichet/shared/scan';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import type { ScanRecord, ScanStore, StoredSnapshot } from './scan-record';
import { applySyncResults, createSyncer, syncBatches, syncRequestOf } from './sync-queue';

const ORG_A = '00000000-0000-4000-8000-00000000000a';
const ORG_B = '00000000-0000-4000-8000-00000000000b';
const LIST = '00000000-0000-4000-8000-0000000000a1';

let sequence = 0;
function scan(organizationId: string, minute: number, changes: Partial<ScanRecord> = {}): ScanRecord {
  sequence += 1;
  return {
    nonce: `nonce-${sequence.toString().padStart(4, '0')}`,
    organizationId,
    eventId: '00000000-0000-4000-8000-0000000000e1',
    secret: `secret-${sequence}`,
    ticketId: null,
    listIds: [LIST],
    direction: 'entry',
    scannedAt: new Date(Date.UTC(2026, 5, 1, 18, minute)).toISOString(),
    decidedBy: 'device',
    result: 'ok',
    reason: null,
    listId: LIST,
    listName: 'Main gate',
    attendeeName: null,
    ticketTypeName: null,
    alreadyUsed: null,
    synced: false,
    serverAt: null,
    serverResult: null,
    conflictIds: [],
    ...changes,
  };
}

function memoryStore(initial: ScanRecord[]): ScanStore & { all(): ScanRecord[] } {
  const scans = new Map(initial.map((record) => [record.nonce, record]));
  const snapshots = new Map<string, StoredSnapshot>();
  return {
    all: () => [...scans.values()],
    getSnapshot: async (key) => snapshots.get(key),
    putSnapshot: async (value) => {
      snapshots.set(value.key, value);
    },
    putScans: async (records) => {
      for (const record of records) scans.set(record.nonce, record);
    },
    scansOfEvent: async (organizationId, eventId) =>
      [...scans.values()].filter(
        (record) => record.organizationId === organizationId && record.eventId === eventId,
      ),
    pendingScans: async () => [...scans.values()].filter((record) => !record.synced),
  };
}

/** A server that records each nonce once and answers for every scan it is sent. */
function fakeServer(conflicting?: string) {
  const recorded = new Set<string>();
  const calls: { organizationId: string; request: SyncRequest }[] = [];
  return {
    calls,
    recorded,
    async send(organizationId: string, request: SyncRequest): Promise<SyncResponse> {
      calls.push({ organizationId, request });
      return {
        syncedAt: '2026-06-01T19:00:00.000Z',
        results: request.scans.map((item) => {
          const fresh = !recorded.has(item.nonce);
          recorded.add(item.nonce);
          return {
            nonce: item.nonce,
            recorded: fresh,
            conflictIds: item.nonce === conflicting ? ['00000000-0000-4000-8000-0000000000f7'] : [],
            verdict: {
              result: 'ok',
              checkinId: '00000000-0000-4000-8000-000000000c00',
              direction: item.direction,
              list: { id: LIST, name: 'Main gate' },
              ticket: {
                id: '00000000-0000-4000-8000-0000000000d1',
                attendeeName: null,
                ticketTypeId: '00000000-0000-4000-8000-0000000000b1',
                ticketTypeName: 'Standard',
                orderCode: 'ABC123',
              },
              at: '2026-06-01T19:00:00.000Z',
            },
          };
        }),
      };
    },
  };
}

describe('the offline queue', () => {
  it('batches pending scans per organisation, oldest first, at most the batch size each', () => {
    const scans = [
      scan(ORG_A, 5),
      scan(ORG_B, 1),
      scan(ORG_A, 2),
      scan(ORG_A, 9),
      scan(ORG_A, 1, { synced: true }),
    ];
    const batches = syncBatches(scans, 2);
    expect(
      batches.map((batch) => [
        batch.organizationId,
        batch.records.map((record) => record.scannedAt.slice(11, 16)),
      ]),
    ).toEqual([
      [ORG_A, ['18:02', '18:05']],
      [ORG_A, ['18:09']],
      [ORG_B, ['18:01']],
    ]);
  });

  it('leaves scans made by hand (no secret) out of the queue', () => {
    expect(syncBatches([scan(ORG_A, 1, { secret: null })])).toEqual([]);
  });

  it('sends what the device decided and showed at the door', () => {
    const refused = scan(ORG_A, 3, { result: 'refused', reason: 'already-used', direction: 'exit' });
    expect(syncRequestOf('gate-1', [refused])).toEqual({
      deviceId: 'gate-1',
      scans: [
        {
          nonce: refused.nonce,
          secret: refused.secret,
          listIds: [LIST],
          direction: 'exit',
          scannedAt: refused.scannedAt,
          decision: { result: 'refused', reason: 'already-used' },
        },
      ],
    });
  });

  it('marks synced only the scans the server answered for', () => {
    const [first, second] = [scan(ORG_A, 1), scan(ORG_A, 2)];
    const updated = applySyncResults([first!, second!], {
      syncedAt: '2026-06-01T19:00:00.000Z',
      results: [
        {
          nonce: second!.nonce,
          recorded: true,
          conflictIds: [],
          verdict: {
            result: 'refused',
            checkinId: '00000000-0000-4000-8000-000000000c00',
            reason: 'already-used',
            direction: 'entry',
            list: null,
            ticket: null,
            alreadyUsed: null,
            at: '2026-06-01T19:00:00.000Z',
          },
        },
      ],
    });
    expect(updated).toEqual([
      {
        ...second,
        synced: true,
        serverAt: '2026-06-01T19:00:00.000Z',
        serverResult: 'refused',
        conflictIds: [],
      },
    ]);
  });

  it('syncs the whole queue to zero, with the conflicts the server raised', async () => {
    const scans = Array.from({ length: 7 }, (_, index) => scan(index % 2 ? ORG_A : ORG_B, index));
    const store = memoryStore(scans);
    const server = fakeServer(scans[3]?.nonce);
    const syncer = createSyncer({ store, deviceId: 'gate-1', send: server.send });
    const outcome = await syncer.sync();
    expect(outcome).toEqual({ synced: 7, remaining: 0, error: null });
    expect(await store.pendingScans()).toEqual([]);
    expect(server.calls.map((call) => call.organizationId).sort()).toEqual([ORG_A, ORG_B]);
    expect(store.all().filter((record) => record.conflictIds.length > 0)).toHaveLength(1);
  });

  it('keeps what was not sent when the network fails midway, and sends it (and only it) next time', async () => {
    const store = memoryStore(Array.from({ length: 5 }, (_, index) => scan(ORG_A, index)));
    const server = fakeServer();
    let failNext = false;
    let sent = 0;
    const syncer = createSyncer({
      store,
      deviceId: 'gate-1',
      send: async (organizationId, request) => {
        if (failNext) throw new TypeError('Failed to fetch');
        sent += request.scans.length;
        failNext = true;
        return server.send(organizationId, request);
      },
    });
    // One batch gets through, then the network drops: force small batches through the store's content.
    const small = createSyncer({
      store,
      deviceId: 'gate-1',
      send: async (organizationId, request) => {
        const first = { ...request, scans: request.scans.slice(0, 2) };
        const answer = await server.send(organizationId, first);
        sent += first.scans.length;
        return answer;
      },
    });
    const partial = await small.sync();
    expect(partial).toMatchObject({ synced: 2, remaining: 3, error: null });
    failNext = true;
    const failed = await syncer.sync();
    expect(failed.remaining).toBe(3);
    expect(failed.error).toBeInstanceOf(TypeError);
    failNext = false;
    const done = await syncer.sync();
    expect(done).toMatchObject({ synced: 3, remaining: 0 });
    expect(sent).toBe(5);
    expect(server.recorded.size).toBe(5);
  });

  it('a lost answer is sent again and recorded once by the server', async () => {
    const store = memoryStore([scan(ORG_A, 1), scan(ORG_A, 2)]);
    const server = fakeServer();
    let loseAnswer = true;
    const syncer = createSyncer({
      store,
      deviceId: 'gate-1',
      send: async (organizationId, request) => {
        const answer = await server.send(organizationId, request);
        if (loseAnswer) {
          loseAnswer = false;
          throw new TypeError('Failed to fetch');
        }
        return answer;
      },
    });
    expect((await syncer.sync()).remaining).toBe(2);
    expect(await syncer.sync()).toMatchObject({ synced: 2, remaining: 0 });
    expect(server.calls).toHaveLength(2);
    expect(server.recorded.size).toBe(2);
  });

  it('runs one sync at a time', async () => {
    const store = memoryStore([scan(ORG_A, 1)]);
    const server = fakeServer();
    const syncer = createSyncer({ store, deviceId: 'gate-1', send: server.send });
    const [first, second] = await Promise.all([syncer.sync(), syncer.sync()]);
    expect(first).toBe(second);
    expect(server.calls).toHaveLength(1);
  });

  it('sets aside the scans of a list deleted while offline, and syncs the others', async () => {
    const deleted = '00000000-0000-4000-8000-0000000000d0';
    const stale = scan(ORG_A, 1, { listIds: [deleted] });
    const kept = [scan(ORG_A, 2), scan(ORG_A, 3)];
    const store = memoryStore([stale, ...kept]);
    const server = fakeServer();
    const syncer = createSyncer({
      store,
      deviceId: 'gate-1',
      send: async (organizationId, request) => {
        if (request.scans.some((item) => item.listIds.includes(deleted))) {
          throw new ApiError(404, 'not-found', 'Unknown lists', { listIds: [deleted] });
        }
        return server.send(organizationId, request);
      },
    });
    expect(await syncer.sync()).toEqual({ synced: 2, remaining: 0, error: null });
    expect(store.all().find((record) => record.nonce === stale.nonce)).toMatchObject({
      synced: true,
      setAside: true,
    });
    expect(server.recorded.size).toBe(2);
  });

  it('keeps the queue on any other refusal', async () => {
    const store = memoryStore([scan(ORG_A, 1)]);
    const syncer = createSyncer({
      store,
      deviceId: 'gate-1',
      send: async () => {
        throw new ApiError(404, 'not-found', 'No such event');
      },
    });
    expect(await syncer.sync()).toMatchObject({ synced: 0, remaining: 1 });
  });
});
