import { randomUUID } from 'node:crypto';
import type { Conflict, OfflineScan, SyncResponse } from '@guichet/shared/scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { type Door, issue, newDoor, TEST_ENV } from '../../../test/support/scan';

let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

async function sync(scans: OfflineScan[]) {
  const response = await door.shop.call('POST', '/api/scan/sync', { deviceId: 'phone-x', scans });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SyncResponse>();
}

const offline = (secret: string, decision: OfflineScan['decision']): OfflineScan => ({
  nonce: randomUUID(),
  secret,
  listIds: [door.list.id],
  direction: 'entry',
  scannedAt: new Date().toISOString(),
  decision,
});

async function conflicts() {
  const response = await door.shop.call('GET', `/api/events/${door.shop.event.id}/checkin-conflicts`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Conflict[] }>().items;
}

describe('offline admissions of tickets that no longer admit', () => {
  it('raises a conflict in the inbox when a cancelled order’s ticket was let in offline, once', async () => {
    const [ticket] = await issue(door.shop, 1, 0, ['Late Cancel']);
    // Cancelled after the phone took its snapshot: the phone still let the ticket in.
    expect((await door.shop.call('POST', `/api/orders/${ticket!.orderId}/cancel`, {})).statusCode).toBe(200);
    const scanned = offline(ticket!.shortCode, { result: 'ok', reason: null });
    const result = await sync([scanned]);
    expect(result.results[0]?.verdict).toMatchObject({ result: 'refused', reason: 'cancelled' });
    expect(result.results[0]?.conflictIds).toHaveLength(1);

    const inbox = (await conflicts()).filter((conflict) => conflict.ticket.id === ticket!.id);
    expect(inbox).toMatchObject([
      {
        kind: 'not-valid',
        first: null,
        second: { result: 'refused', reason: 'cancelled', offline: true },
        ticket: { attendeeName: 'Late Cancel' },
        status: 'open',
      },
    ]);
    // The same batch again (its answer lost): nothing new.
    await sync([scanned]);
    expect((await conflicts()).filter((conflict) => conflict.ticket.id === ticket!.id)).toHaveLength(1);

    // Staff look and close it, undoing the admission.
    const resolve = await door.shop.call('POST', `/api/checkin-conflicts/${inbox[0]!.id}/resolve`, {
      undoCheckinId: inbox[0]!.second.id,
    });
    expect(resolve.statusCode, resolve.body).toBe(200);
    expect(resolve.json<Conflict>().status).toBe('resolved');
  });

  it('raises none when the phone refused the ticket itself', async () => {
    const [ticket] = await issue(door.shop);
    expect((await door.shop.call('POST', `/api/orders/${ticket!.orderId}/cancel`, {})).statusCode).toBe(200);
    const result = await sync([offline(ticket!.secret, { result: 'refused', reason: 'cancelled' })]);
    expect(result.results[0]?.conflictIds).toEqual([]);
    expect((await conflicts()).some((conflict) => conflict.ticket.id === ticket!.id)).toBe(false);
  });
});
