import { randomUUID } from 'node:crypto';
import type { Headcount, HeadcountStreamEvent } from '@guichet/shared/scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  addList,
  anotherInstance,
  type Door,
  issue,
  newDoor,
  reasonOf,
  redeem,
  scan,
  TEST_ENV,
} from '../../../test/support/scan';
import { orgHeaders } from '../../../test/support/teams';
import type { App } from '../../app';

let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

async function headcount(): Promise<Headcount> {
  const response = await door.shop.call('GET', `/api/events/${door.shop.event.id}/headcount`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Headcount>();
}

describe('headcount', () => {
  it('counts checked in and inside now, per list and ticket type, with the capacity alert', async () => {
    const vip = await addList(door.shop, {
      name: 'VIP lounge',
      allTicketTypes: false,
      ticketTypeIds: [door.shop.event.ticketTypes[1]!.id],
      allowReentry: true,
      capacityAlert: 1,
    });
    const standard = await issue(door.shop, 3);
    const [guest] = await issue(door.shop, 1, 1);
    for (const ticket of standard) await redeem(door.shop, scan(ticket.secret, [door.list.id]));
    await redeem(door.shop, scan(standard[0]!.secret, [door.list.id], { direction: 'exit' }));
    await redeem(door.shop, scan(guest!.secret, [door.list.id]));
    await redeem(door.shop, scan(guest!.secret, [vip.id]));
    const counts = await headcount();
    expect(counts).toMatchObject({ checkedIn: 4, insideNow: 3, expected: 4, openConflicts: 0 });
    expect(counts.lists).toEqual([
      {
        listId: door.list.id,
        name: 'Main gate',
        checkedIn: 4,
        insideNow: 3,
        capacityAlert: null,
        alert: false,
      },
      { listId: vip.id, name: 'VIP lounge', checkedIn: 1, insideNow: 1, capacityAlert: 1, alert: true },
    ]);
    expect(counts.ticketTypes).toEqual([
      { ticketTypeId: door.shop.event.ticketTypes[0]!.id, name: 'Standard', checkedIn: 3, insideNow: 2 },
      { ticketTypeId: door.shop.event.ticketTypes[1]!.id, name: 'VIP', checkedIn: 1, insideNow: 1 },
    ]);
  });
});

/** Reads server-sent events from a running server with fetch, as the web app does. */
async function openStream(app: App, token: string) {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events/${door.shop.event.id}/headcount/stream`, {
    headers: orgHeaders(token, door.shop.organizationId),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** The next headcount message that satisfies `wanted`, within `ms`. */
  const next = async (
    ms: number,
    wanted: (headcount: Headcount) => boolean = () => true,
  ): Promise<Headcount> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        if (data && message.includes('event: headcount')) {
          const { headcount } = JSON.parse(data.slice(6)) as HeadcountStreamEvent;
          if (wanted(headcount)) return headcount;
        }
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no headcount in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no headcount in time')), left)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return { next, close: () => controller.abort() };
}

describe('headcount stream', () => {
  it('sends the counts at once, then within 2 s of a scan here or through another API process', async () => {
    const stream = await openStream(t.app, door.shop.admin.accessToken);
    try {
      const first = await stream.next(2000);
      const [here, there] = await issue(door.shop, 2);
      const started = Date.now();
      expect(reasonOf(await redeem(door.shop, scan(here!.secret, [door.list.id])))).toBe('ok');
      // (New tickets change the expected count meanwhile: wait for the scan's message.)
      const afterLocal = await stream.next(2000, (counts) => counts.checkedIn > first.checkedIn);
      expect(afterLocal.checkedIn).toBe(first.checkedIn + 1);
      expect(Date.now() - started).toBeLessThan(2000);

      // Another API process on the same database: its scans reach this one's watchers by polling.
      const other = await anotherInstance(t.app);
      try {
        const elsewhere = Date.now();
        const response = await other.inject({
          method: 'POST',
          url: '/api/scan/redeem',
          headers: orgHeaders(door.shop.admin.accessToken, door.shop.organizationId),
          payload: scan(there!.secret, [door.list.id]),
        });
        expect(response.json().result).toBe('ok');
        const afterRemote = await stream.next(2000, (counts) => counts.checkedIn > afterLocal.checkedIn);
        expect(afterRemote.checkedIn).toBe(first.checkedIn + 2);
        expect(Date.now() - elsewhere).toBeLessThan(2000);
      } finally {
        await other.close();
      }
    } finally {
      stream.close();
    }
  });

  it('refuses a stream to staff of another organisation', async () => {
    const other = await newDoor(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/events/${door.shop.event.id}/headcount/stream`,
      headers: orgHeaders(other.shop.admin.accessToken, door.shop.organizationId),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('per-device rate limit', () => {
  it('answers 429 past the limit for that device only', async () => {
    const limited = await createTestApp({ ...TEST_ENV, SCAN_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const local = await newDoor(limited.app);
      const [ticket] = await issue(local.shop);
      const send = (deviceId: string) =>
        local.shop.call('POST', '/api/scan/redeem', scan(ticket!.secret, [local.list.id], { deviceId }));
      for (let index = 0; index < 5; index += 1) expect((await send('gate-a')).statusCode).toBe(200);
      const refused = await send('gate-a');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too-many-attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const sync = await local.shop.call('POST', '/api/scan/sync', {
        deviceId: 'gate-a',
        scans: [
          {
            nonce: randomUUID(),
            secret: ticket!.secret,
            listIds: [local.list.id],
            direction: 'entry',
            scannedAt: new Date().toISOString(),
            decision: { result: 'ok', reason: null },
          },
        ],
      });
      expect(sync.statusCode).toBe(429);
      expect((await send('gate-b')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
