import { randomUUID } from 'node:crypto';
import { auditLog } from '@guichet/db/schema/teams';
import type { AttendeeResult, CheckinList, CheckinLogPage } from '@guichet/shared/scan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop } from '../../../test/support/orders';
import { type Door, issue, newDoor, redeem, scan, TEST_ENV } from '../../../test/support/scan';

let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

const listsUrl = () => `/api/events/${door.shop.event.id}/checkin-lists`;

describe('check-in lists', () => {
  it('creates a list with defaults: every ticket type, no window, one entry', async () => {
    const response = await door.shop.call('POST', listsUrl(), { name: '  Side gate ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CheckinList>()).toMatchObject({
      eventId: door.shop.event.id,
      name: 'Side gate',
      allTicketTypes: true,
      ticketTypeIds: [],
      startsAt: null,
      endsAt: null,
      allowReentry: false,
      allowMultipleEntries: false,
      capacityAlert: null,
    });
  });

  it('changes, lists and deletes a list, with an audit trail', async () => {
    const vip = door.shop.event.ticketTypes[1]!.id;
    const created = (await door.shop.call('POST', listsUrl(), { name: 'VIP' })).json<CheckinList>();
    const start = new Date(Date.now() + 3600_000).toISOString();
    const patched = await door.shop.call('PATCH', `/api/checkin-lists/${created.id}`, {
      allTicketTypes: false,
      ticketTypeIds: [vip],
      startsAt: start,
      allowReentry: true,
      capacityAlert: 40,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<CheckinList>()).toMatchObject({
      name: 'VIP',
      allTicketTypes: false,
      ticketTypeIds: [vip],
      startsAt: start,
      allowReentry: true,
      capacityAlert: 40,
    });
    const listed = (await door.shop.call('GET', listsUrl())).json<{ items: CheckinList[] }>().items;
    expect(listed.map((list) => list.id)).toContain(created.id);
    expect((await door.shop.call('DELETE', `/api/checkin-lists/${created.id}`)).statusCode).toBe(204);
    expect((await door.shop.call('DELETE', `/api/checkin-lists/${created.id}`)).statusCode).toBe(404);
    const audit = await t.app.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, door.shop.organizationId), eq(auditLog.targetId, created.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'checkin-list.created',
      'checkin-list.deleted',
      'checkin-list.updated',
    ]);
  });

  it('refuses a window that ends before it starts, no ticket type, and types of another event', async () => {
    const now = Date.now();
    const backwards = await door.shop.call('POST', listsUrl(), {
      name: 'Backwards',
      startsAt: new Date(now + 2000).toISOString(),
      endsAt: new Date(now + 1000).toISOString(),
    });
    expect(backwards.statusCode).toBe(400);
    const empty = await door.shop.call('POST', listsUrl(), { name: 'Empty', allTicketTypes: false });
    expect(empty.statusCode).toBe(400);
    const other = await newShop(t.app);
    const foreign = await door.shop.call('POST', listsUrl(), {
      name: 'Foreign',
      allTicketTypes: false,
      ticketTypeIds: [other.event.ticketTypes[0]!.id],
    });
    expect(foreign.statusCode).toBe(404);
    const created = (await door.shop.call('POST', listsUrl(), { name: 'Ok' })).json<CheckinList>();
    const patchBackwards = await door.shop.call('PATCH', `/api/checkin-lists/${created.id}`, {
      startsAt: new Date(now + 5000).toISOString(),
      endsAt: new Date(now + 4000).toISOString(),
    });
    expect(patchBackwards.statusCode).toBe(400);
    const unknownEvent = await door.shop.call('POST', `/api/events/${randomUUID()}/checkin-lists`, {
      name: 'X',
    });
    expect(unknownEvent.statusCode).toBe(404);
  });
});

describe('attendee search and the log', () => {
  it('finds tickets by attendee name, buyer name or order code, with their presence', async () => {
    const [ticket] = await issue(door.shop, 1, 0, ['Zoé Zimmermann']);
    await redeem(door.shop, scan(ticket!.secret, [door.list.id]));
    const search = async (q: string) => {
      const response = await door.shop.call(
        'GET',
        `/api/events/${door.shop.event.id}/checkin-attendees?q=${encodeURIComponent(q)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: AttendeeResult[] }>().items;
    };
    const byName = await search('zimmer');
    expect(byName).toEqual([
      expect.objectContaining({
        id: ticket!.id,
        attendeeName: 'Zoé Zimmermann',
        buyerName: 'Bea Buyer',
        status: 'valid',
        presence: [expect.objectContaining({ listId: door.list.id, state: 'inside', entries: 1 })],
      }),
    ]);
    expect((await search(ticket!.code)).map((item) => item.id)).toContain(ticket!.id);
    expect(await search('%')).toEqual([]);
  });

  it('pages the event’s scans newest first, with who scanned', async () => {
    const [ticket] = await issue(door.shop);
    await redeem(door.shop, scan(ticket!.secret, [door.list.id], { deviceId: 'log-gate' }));
    await redeem(door.shop, scan(ticket!.secret, [door.list.id], { deviceId: 'log-gate' }));
    const first = await door.shop.call(
      'GET',
      `/api/events/${door.shop.event.id}/checkins?limit=1&ticketId=${ticket!.id}`,
    );
    const page = first.json<CheckinLogPage>();
    expect(page.items).toEqual([
      expect.objectContaining({ result: 'refused', reason: 'already-used', staffName: 'Olga Organiser' }),
    ]);
    expect(page.nextCursor).not.toBeNull();
    const second = await door.shop.call(
      'GET',
      `/api/events/${door.shop.event.id}/checkins?limit=1&ticketId=${ticket!.id}&cursor=${page.nextCursor}`,
    );
    expect(second.json<CheckinLogPage>().items).toEqual([
      expect.objectContaining({
        result: 'ok',
        deviceId: 'log-gate',
        ticket: expect.objectContaining({ id: ticket!.id }),
      }),
    ]);
  });
});
