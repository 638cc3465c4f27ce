import { randomUUID } from 'node:crypto';
import { checkinConflicts, checkinLog, checkinPresence } from '@guichet/db/schema/scan';
import type { Conflict, Headcount, OfflineScan, SyncResponse } from '@guichet/shared/scan';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  addList,
  type Door,
  issue,
  newDoor,
  reasonOf,
  redeem,
  scan,
  TEST_ENV,
} from '../../../test/support/scan';

let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

const MINUTE = 60_000;
const base = Date.now() - 60 * MINUTE;
const at = (minute: number) => new Date(base + minute * MINUTE).toISOString();

function offline(secret: string, listId: string, overrides: Partial<OfflineScan> = {}): OfflineScan {
  return {
    nonce: randomUUID(),
    secret,
    listIds: [listId],
    direction: 'entry',
    scannedAt: at(0),
    decision: { result: 'ok', reason: null },
    ...overrides,
  };
}

async function sync(deviceId: string, scans: OfflineScan[]) {
  const response = await door.shop.call('POST', '/api/scan/sync', { deviceId, scans });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SyncResponse>();
}

async function conflicts(status = 'open') {
  const response = await door.shop.call(
    'GET',
    `/api/events/${door.shop.event.id}/checkin-conflicts?status=${status}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Conflict[] }>().items;
}

describe('offline sync', () => {
  it('records two offline admissions of one ticket and raises one conflict, whichever uploads first', async () => {
    const list = await addList(door.shop, { name: 'Side door' });
    const [ticket] = await issue(door.shop);
    const early = offline(ticket!.secret, list.id, { scannedAt: at(1) });
    const late = offline(ticket!.secret, list.id, { scannedAt: at(2) });
    const second = await sync('phone-b', [late]);
    expect(second.results[0]).toMatchObject({ recorded: true, verdict: { result: 'ok' }, conflictIds: [] });
    const first = await sync('phone-a', [early]);
    expect(first.results[0]?.verdict.result).toBe('ok');
    expect(first.results[0]?.conflictIds).toHaveLength(1);
    const [conflict] = (await conflicts()).filter((entry) => entry.list.id === list.id);
    expect(conflict).toMatchObject({
      status: 'open',
      ticket: { id: ticket!.id },
      first: { deviceId: 'phone-a', scannedAt: at(1), offline: true, result: 'ok' },
      second: {
        deviceId: 'phone-b',
        scannedAt: at(2),
        offline: true,
        result: 'refused',
        reason: 'already-used',
      },
    });
    // Both are in the log; the ticket is inside once.
    const rows = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket!.id));
    expect(rows.filter((row) => row.admitted)).toHaveLength(2);
    const headcount = (
      await door.shop.call('GET', `/api/events/${door.shop.event.id}/headcount`)
    ).json<Headcount>();
    expect(headcount.lists.find((entry) => entry.listId === list.id)).toMatchObject({
      checkedIn: 1,
      insideNow: 1,
    });
    expect(headcount.openConflicts).toBeGreaterThanOrEqual(1);
    // Online, the ticket is now already used.
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [list.id])))).toBe('already-used');

    // Sending the same batch again records nothing and answers as before.
    const again = await sync('phone-a', [early]);
    expect(again.results[0]).toMatchObject({ recorded: false, conflictIds: first.results[0]?.conflictIds });
    const after = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket!.id));
    expect(after).toHaveLength(rows.length + 1);

    // Resolving: undo the copy let in second; the conflict closes once.
    const bad = await door.shop.call('POST', `/api/checkin-conflicts/${conflict!.id}/resolve`, {
      undoCheckinId: randomUUID(),
    });
    expect(bad.statusCode).toBe(400);
    const resolved = await door.shop.call('POST', `/api/checkin-conflicts/${conflict!.id}/resolve`, {
      note: 'Second person was a copy',
      undoCheckinId: conflict!.second.id,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<Conflict>()).toMatchObject({
      status: 'resolved',
      resolvedByName: 'Olga Organiser',
      resolutionNote: 'Second person was a copy',
      second: { undoneByName: 'Olga Organiser' },
    });
    const twice = await door.shop.call('POST', `/api/checkin-conflicts/${conflict!.id}/resolve`, {});
    expect(twice.statusCode).toBe(409);
    expect((await conflicts('resolved')).map((entry) => entry.id)).toContain(conflict!.id);
    expect((await conflicts('open')).map((entry) => entry.id)).not.toContain(conflict!.id);
  });

  it('raises a conflict when an offline admission precedes an online one', async () => {
    const list = await addList(door.shop, { name: 'Back door' });
    const [ticket] = await issue(door.shop);
    const online = await redeem(door.shop, scan(ticket!.secret, [list.id], { deviceId: 'desk' }));
    expect(online.result).toBe('ok');
    const result = await sync('phone-c', [
      offline(ticket!.secret, list.id, { scannedAt: new Date(Date.now() - 5 * MINUTE).toISOString() }),
    ]);
    expect(result.results[0]?.conflictIds).toHaveLength(1);
    const conflict = (await conflicts()).find((entry) => entry.list.id === list.id);
    expect(conflict).toMatchObject({
      first: { deviceId: 'phone-c' },
      second: { id: online.checkinId, offline: false },
    });
  });

  it('names the lists it does not know (deleted while the device was offline)', async () => {
    const [ticket] = await issue(door.shop);
    const gone = randomUUID();
    const response = await door.shop.call('POST', '/api/scan/sync', {
      deviceId: 'phone-e',
      scans: [offline(ticket!.secret, door.list.id), offline(ticket!.secret, gone)],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.details).toEqual({ listIds: [gone] });
  });

  it('records refused and invalid offline scans without moving presence', async () => {
    const list = await addList(door.shop, { name: 'Cloakroom' });
    const [ticket] = await issue(door.shop);
    const result = await sync('phone-d', [
      offline('forged-secret', list.id, { decision: { result: 'refused', reason: 'invalid' } }),
      offline(ticket!.secret, list.id, { decision: { result: 'refused', reason: 'unknown' } }),
    ]);
    expect(result.results.map((entry) => reasonOf(entry.verdict))).toEqual(['invalid', 'ok']);
    const presence = await t.app.ctx.db
      .select()
      .from(checkinPresence)
      .where(and(eq(checkinPresence.listId, list.id), eq(checkinPresence.ticketId, ticket!.id)));
    expect(presence.every((row) => row.state === 'never')).toBe(true);
  });
});

// The property: whatever order devices upload in, and however they split their queues, the log, each
// ticket's presence and the conflicts come out the same, and match a model written from the rules.

interface Step {
  ticket: number;
  direction: 'entry' | 'exit';
  minute: number;
  device: number;
  admitted: boolean;
}

const stepArb = fc.record({
  ticket: fc.integer({ min: 0, max: 2 }),
  direction: fc.constantFrom<'entry' | 'exit'>('entry', 'entry', 'exit'),
  minute: fc.integer({ min: 0, max: 20 }),
  device: fc.integer({ min: 0, max: 2 }),
  admitted: fc.boolean(),
});

/** The expected presence and conflicts from the rules, by scan time then position. */
function model(steps: Step[], rules: { allowReentry: boolean; allowMultipleEntries: boolean }) {
  const order = steps
    .map((step, index) => ({ ...step, index }))
    .sort((a, b) => a.minute - b.minute || a.index - b.index);
  const presence = new Map<number, { state: string; entries: number }>();
  const pairs: string[] = [];
  const lastEntry = new Map<number, number>();
  for (const step of order) {
    if (!step.admitted) continue;
    const now = presence.get(step.ticket) ?? { state: 'never', entries: 0 };
    if (step.direction === 'exit') {
      if (now.state === 'inside') presence.set(step.ticket, { ...now, state: 'outside' });
      continue;
    }
    const allowed =
      rules.allowMultipleEntries || now.state === 'never' || (now.state === 'outside' && rules.allowReentry);
    const previous = lastEntry.get(step.ticket);
    if (!allowed && previous !== undefined) pairs.push(`${previous}>${step.index}`);
    presence.set(step.ticket, { state: 'inside', entries: now.entries + 1 });
    lastEntry.set(step.ticket, step.index);
  }
  return { presence, pairs: pairs.sort() };
}

async function upload(
  listId: string,
  secrets: string[],
  steps: Step[],
  tag: string,
  batches: number[][],
): Promise<void> {
  for (const batch of batches) {
    const device = steps[batch[0]!]!.device;
    await sync(
      `device-${device}`,
      batch.map((index) => {
        const step = steps[index]!;
        return {
          nonce: `${tag}-${String(index).padStart(3, '0')}`,
          secret: secrets[step.ticket]!,
          listIds: [listId],
          direction: step.direction,
          scannedAt: at(step.minute),
          decision: step.admitted
            ? { result: 'ok', reason: null }
            : { result: 'refused', reason: 'already-used' },
        };
      }),
    );
  }
}

async function finalState(listId: string, ticketIds: string[], tag: string) {
  const db = t.app.ctx.db;
  const log = await db.select().from(checkinLog).where(eq(checkinLog.listId, listId));
  const indexOf = new Map(log.map((row) => [row.id, Number(row.nonce.slice(tag.length + 1))]));
  const presence = await db.select().from(checkinPresence).where(eq(checkinPresence.listId, listId));
  const conflictRows = await db.select().from(checkinConflicts).where(eq(checkinConflicts.listId, listId));
  return {
    log: log
      .map((row) => ({
        index: indexOf.get(row.id),
        result: row.result,
        reason: row.reason,
        admitted: row.admitted,
      }))
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0)),
    presence: presence
      .filter((row) => row.state !== 'never')
      .map((row) => ({
        ticket: ticketIds.indexOf(row.ticketId),
        state: row.state,
        entries: row.entries,
        lastAt: row.lastAt?.toISOString(),
        lastDeviceId: row.lastDeviceId,
      }))
      .sort((a, b) => a.ticket - b.ticket),
    conflicts: conflictRows
      .map(
        (row) => `${indexOf.get(row.firstCheckinId ?? '')}>${indexOf.get(row.secondCheckinId)}:${row.status}`,
      )
      .sort(),
  };
}

/** Batches of one device each, in the given order, cut into pieces of at most `size`. */
function batchesOf(order: number[], steps: Step[], size: number): number[][] {
  const batches: number[][] = [];
  for (const index of order) {
    const last = batches.at(-1);
    const sameDevice = last && steps[last[0]!]!.device === steps[index]!.device;
    if (last && sameDevice && last.length < size) last.push(index);
    else batches.push([index]);
  }
  return batches;
}

describe('offline sync, any upload order (property)', () => {
  it('gives the same final state as the model, whatever the order', async () => {
    const tickets = await issue(door.shop, 3);
    const secrets = tickets.map((ticket) => ticket.secret);
    const ticketIds = tickets.map((ticket) => ticket.id);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        fc.record({ allowReentry: fc.boolean(), allowMultipleEntries: fc.boolean() }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        fc.integer({ min: 1, max: 3 }),
        async (steps, rules, randoms, size) => {
          run += 1;
          const tagA = `a${String(run).padStart(3, '0')}`;
          const tagB = `b${String(run).padStart(3, '0')}`;
          const listA = await addList(door.shop, { name: `A ${run}`, ...rules });
          const listB = await addList(door.shop, { name: `B ${run}`, ...rules });
          // A: each device's queue in one batch, devices in turn. B: a random order in random pieces.
          const inOrder = steps
            .map((_, index) => index)
            .sort((x, y) => steps[x]!.device - steps[y]!.device || x - y);
          const shuffled = steps
            .map((_, index) => ({ index, key: randoms.next().value as number }))
            .sort((x, y) => x.key - y.key)
            .map((entry) => entry.index);
          await upload(listA.id, secrets, steps, tagA, batchesOf(inOrder, steps, 100));
          await upload(listB.id, secrets, steps, tagB, batchesOf(shuffled, steps, size));
          const a = await finalState(listA.id, ticketIds, tagA);
          const b = await finalState(listB.id, ticketIds, tagB);
          expect(b).toEqual(a);
          const expected = model(steps, rules);
          expect(a.log.filter((row) => row.admitted)).toHaveLength(
            steps.filter((step) => step.admitted).length,
          );
          expect(a.conflicts).toEqual(expected.pairs.map((pair) => `${pair}:open`));
          for (const row of a.presence) {
            expect(expected.presence.get(row.ticket), `ticket ${row.ticket}`).toMatchObject({
              state: row.state,
              entries: row.entries,
            });
          }
          expect(a.presence).toHaveLength(
            [...expected.presence.values()].filter((p) => p.state !== 'never').length,
          );
        },
      ),
      { numRuns: 20 },
    );
  }, 240_000);
});
