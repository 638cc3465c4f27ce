import { randomUUID } from 'node:crypto';
import { tickets } from '@guichet/db/schema/orders';
import { checkinLog, checkinPresence } from '@guichet/db/schema/scan';
import type { EventDetail } from '@guichet/shared/events';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTicketType, client, createEvent } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody } from '../../../test/support/orders';
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
import { addStaff } from '../../../test/support/teams';
import { signingKey, signTicket } from '../orders/ticket-secrets';

let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

const HOUR = 3600_000;

describe('refusal reasons', () => {
  it('admits a paid, valid ticket and shows its name, type and order code', async () => {
    const [ticket] = await issue(door.shop, 1, 0, ['Ada Attendee']);
    const answer = await redeem(door.shop, scan(ticket!.secret, [door.list.id]));
    expect(answer).toMatchObject({
      result: 'ok',
      direction: 'entry',
      list: { id: door.list.id, name: 'Main gate' },
      ticket: {
        id: ticket!.id,
        attendeeName: 'Ada Attendee',
        ticketTypeName: 'Standard',
        orderCode: ticket!.code,
      },
    });
  });

  it('calls a malformed or forged secret invalid and shows nothing', async () => {
    const [ticket] = await issue(door.shop);
    const forged = `${ticket!.secret.slice(0, -4)}AAAA`;
    for (const secret of ['not-a-ticket', forged]) {
      const answer = await redeem(door.shop, scan(secret, [door.list.id]));
      expect(answer).toMatchObject({ result: 'refused', reason: 'invalid', ticket: null, list: null });
    }
  });

  it('calls another organisation’s real ticket invalid, revealing nothing', async () => {
    const other = await newDoor(t.app);
    const [foreign] = await issue(other.shop);
    const answer = await redeem(door.shop, scan(foreign!.secret, [door.list.id]));
    expect(answer).toMatchObject({ result: 'refused', reason: 'invalid', ticket: null });
    expect(JSON.stringify(answer)).not.toContain(foreign!.id);
  });

  it('calls a correctly signed secret of no ticket unknown', async () => {
    const key = await signingKey(t.app.ctx.db, t.app.ctx.config.jwtSecret, door.shop.organizationId);
    const secret = signTicket(key.privateKey, randomUUID(), door.shop.event.id);
    expect(reasonOf(await redeem(door.shop, scan(secret, [door.list.id])))).toBe('unknown');
  });

  it('refuses a ticket of another event as wrong-event without showing it', async () => {
    let event: EventDetail = await createEvent(t.app, door.shop.admin.accessToken, door.shop.organizationId, {
      name: 'Other night',
    });
    event = await addTicketType(t.app, door.shop.admin.accessToken, door.shop.organizationId, event.id);
    expect((await door.shop.call('POST', `/api/events/${event.id}/publish`)).statusCode).toBe(200);
    const otherShop = { ...door.shop, event };
    const [ticket] = await issue(otherShop);
    const answer = await redeem(door.shop, scan(ticket!.secret, [door.list.id]));
    expect(answer).toMatchObject({ result: 'refused', reason: 'wrong-event', ticket: null });
  });

  it('refuses a ticket type no scanned list covers as wrong-list, and uses the list that covers it', async () => {
    const vipOnly = await addList(door.shop, {
      name: 'VIP door',
      allTicketTypes: false,
      ticketTypeIds: [door.shop.event.ticketTypes[1]!.id],
    });
    const [standard] = await issue(door.shop);
    expect(reasonOf(await redeem(door.shop, scan(standard!.secret, [vipOnly.id])))).toBe('wrong-list');
    const answer = await redeem(door.shop, scan(standard!.secret, [vipOnly.id, door.list.id]));
    expect(answer).toMatchObject({ result: 'ok', list: { id: door.list.id } });
  });

  it('refuses outside the list’s window: not yet valid, then closed', async () => {
    const now = Date.now();
    const later = await addList(door.shop, {
      name: 'Later',
      startsAt: new Date(now + HOUR).toISOString(),
      endsAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const earlier = await addList(door.shop, {
      name: 'Earlier',
      startsAt: new Date(now - 2 * HOUR).toISOString(),
      endsAt: new Date(now - HOUR).toISOString(),
    });
    const [ticket] = await issue(door.shop);
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [later.id])))).toBe('not-yet-valid');
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [earlier.id])))).toBe('window-closed');
    // Online, the server's clock judges: a device clock set inside the window changes nothing.
    const inside = new Date(now + 1.5 * HOUR).toISOString();
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [later.id], { scannedAt: inside })))).toBe(
      'not-yet-valid',
    );
    // A scan sent late from offline is judged at its scan time.
    const lateScan = scan(ticket!.secret, [earlier.id], {
      scannedAt: new Date(now - 1.5 * HOUR).toISOString(),
      offline: true,
    });
    expect(reasonOf(await redeem(door.shop, lateScan))).toBe('ok');
  });

  it('refuses cancelled, refunded and unpaid tickets', async () => {
    const [cancelled] = await issue(door.shop);
    expect((await door.shop.call('POST', `/api/orders/${cancelled!.orderId}/cancel`, {})).statusCode).toBe(
      200,
    );
    expect(reasonOf(await redeem(door.shop, scan(cancelled!.secret, [door.list.id])))).toBe('cancelled');

    const [refunded] = await issue(door.shop);
    await t.app.ctx.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, refunded!.id));
    expect(reasonOf(await redeem(door.shop, scan(refunded!.secret, [door.list.id])))).toBe('refunded');

    const order = await bought(t.app, door.shop, orderBody(door.shop, { paymentMethod: 'offline' }));
    const [row] = await t.app.ctx.db
      .select({ secret: tickets.secret })
      .from(tickets)
      .where(eq(tickets.id, order.tickets[0]!.id));
    const answer = await redeem(door.shop, scan(row!.secret, [door.list.id]));
    expect(answer).toMatchObject({
      result: 'refused',
      reason: 'unpaid',
      ticket: { id: order.tickets[0]!.id },
    });
  });

  it('says already used, when and at which gate', async () => {
    const [ticket] = await issue(door.shop);
    const first = await redeem(door.shop, scan(ticket!.secret, [door.list.id], { deviceId: 'north-door' }));
    expect(first.result).toBe('ok');
    const second = await redeem(door.shop, scan(ticket!.secret, [door.list.id], { deviceId: 'south-door' }));
    expect(second).toMatchObject({
      result: 'refused',
      reason: 'already-used',
      alreadyUsed: { listId: door.list.id, listName: 'Main gate', deviceId: 'north-door' },
    });
    if (second.result !== 'refused' || first.result !== 'ok') throw new Error('unreachable');
    expect(second.alreadyUsed?.at).toBe(first.at);
  });

  it('judges validity before already used', async () => {
    const [ticket] = await issue(door.shop);
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [door.list.id])))).toBe('ok');
    expect((await door.shop.call('POST', `/api/orders/${ticket!.orderId}/cancel`, {})).statusCode).toBe(200);
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [door.list.id])))).toBe('cancelled');
  });

  it('refuses an exit of a ticket that is not inside', async () => {
    const [ticket] = await issue(door.shop);
    expect(
      reasonOf(await redeem(door.shop, scan(ticket!.secret, [door.list.id], { direction: 'exit' }))),
    ).toBe('not-inside');
  });

  it('answers 404 for an unknown list and 400 for lists of two events', async () => {
    const [ticket] = await issue(door.shop);
    const unknown = await door.shop.call('POST', '/api/scan/redeem', scan(ticket!.secret, [randomUUID()]));
    expect(unknown.statusCode).toBe(404);
    const other = await newShop(t.app);
    const theirs = await addList(other, {});
    const mine = await door.shop.call('POST', '/api/scan/redeem', scan(ticket!.secret, [theirs.id]));
    expect(mine.statusCode).toBe(404);
    const event = await createEvent(t.app, door.shop.admin.accessToken, door.shop.organizationId);
    const elsewhere = await addList({ ...door.shop, event }, {});
    const mixed = await door.shop.call(
      'POST',
      '/api/scan/redeem',
      scan(ticket!.secret, [door.list.id, elsewhere.id]),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.code).toBe('lists-of-several-events');
  });
});

describe('re-entry rules', () => {
  const sequence = async (listOptions: object, steps: ('entry' | 'exit')[]) => {
    const list = await addList(door.shop, { name: `Rules ${randomUUID().slice(0, 6)}`, ...listOptions });
    const [ticket] = await issue(door.shop);
    const reasons: string[] = [];
    for (const direction of steps) {
      reasons.push(reasonOf(await redeem(door.shop, scan(ticket!.secret, [list.id], { direction }))));
    }
    return reasons;
  };

  it('without re-entry: in once, out, never in again', async () => {
    expect(await sequence({}, ['entry', 'entry', 'exit', 'exit', 'entry'])).toEqual([
      'ok',
      'already-used',
      'ok',
      'not-inside',
      'already-used',
    ]);
  });

  it('with re-entry: in, out and in again, but never in twice in a row', async () => {
    expect(
      await sequence({ allowReentry: true }, ['entry', 'entry', 'exit', 'entry', 'exit', 'exit']),
    ).toEqual(['ok', 'already-used', 'ok', 'ok', 'ok', 'not-inside']);
  });

  it('with multiple entries: every entry admits', async () => {
    expect(
      await sequence({ allowMultipleEntries: true }, ['entry', 'entry', 'entry', 'exit', 'exit']),
    ).toEqual(['ok', 'ok', 'ok', 'ok', 'not-inside']);
  });
});

describe('nonce replay', () => {
  it('answers the same nonce with its first answer and records nothing new', async () => {
    const [ticket] = await issue(door.shop);
    const body = scan(ticket!.secret, [door.list.id]);
    const first = await redeem(door.shop, body);
    const again = await redeem(door.shop, body);
    const later = await redeem(door.shop, { ...body, scannedAt: new Date().toISOString() });
    expect(first.result).toBe('ok');
    expect(again).toEqual(first);
    expect(later).toEqual(first);
    const rows = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket!.id));
    expect(rows).toHaveLength(1);
    const [presence] = await t.app.ctx.db
      .select()
      .from(checkinPresence)
      .where(and(eq(checkinPresence.ticketId, ticket!.id), eq(checkinPresence.listId, door.list.id)));
    expect(presence?.entries).toBe(1);
  });

  it('replays a refusal as it was given', async () => {
    const body = scan('forged', [door.list.id]);
    const first = await redeem(door.shop, body);
    expect(await redeem(door.shop, body)).toEqual(first);
    const rows = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.nonce, body.nonce));
    expect(rows).toHaveLength(1);
  });
});

describe('scans sent together (one batch)', () => {
  it('gives each its own answer: admissions, a nonce sent again, a forgery, a second scan, an exit', async () => {
    const fresh = await issue(door.shop, 12);
    const [used, twice] = await issue(door.shop, 2);
    const replayed = scan(used!.secret, [door.list.id]);
    const first = await redeem(door.shop, replayed);
    const bodies = [
      ...fresh.map((ticket) => scan(ticket.secret, [door.list.id])),
      replayed,
      scan('forged', [door.list.id]),
      scan(twice!.secret, [door.list.id]),
      scan(twice!.secret, [door.list.id]),
      scan(fresh[0]!.secret, [door.list.id], { direction: 'exit' }),
    ];
    const answers = await Promise.all(bodies.map((body) => redeem(door.shop, body)));
    expect(answers.slice(0, 12).map(reasonOf)).toEqual(Array(12).fill('ok'));
    expect(answers[12]).toEqual(first);
    expect(reasonOf(answers[13]!)).toBe('invalid');
    expect(answers.slice(14, 16).map(reasonOf).sort()).toEqual(['already-used', 'ok']);
    // Sent with its entry, the exit finds the ticket inside or not yet in: either answer, never a failure.
    expect(['ok', 'not-inside']).toContain(reasonOf(answers[16]!));
    const rows = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.listId, door.list.id));
    for (const body of bodies) {
      expect(rows.filter((row) => row.nonce === body.nonce)).toHaveLength(1);
    }
    const [presence] = await t.app.ctx.db
      .select()
      .from(checkinPresence)
      .where(and(eq(checkinPresence.ticketId, twice!.id), eq(checkinPresence.listId, door.list.id)));
    expect(presence?.entries).toBe(1);
  });
});

describe('manual check-in', () => {
  it('checks in by ticket id for EVENT staff and refuses SCAN-only staff', async () => {
    const [ticket] = await issue(door.shop);
    const body = { ...scan('', [door.list.id]), secret: undefined, ticketId: ticket!.id };
    const scanOnly = await addStaff(t.app, door.shop.organizationId, ['SCAN'], 'Door Person');
    const scanCall = client(t.app, scanOnly.accessToken, door.shop.organizationId);
    expect((await scanCall('POST', '/api/scan/redeem', body)).statusCode).toBe(403);
    const manager = await addStaff(t.app, door.shop.organizationId, ['EVENT'], 'Event Manager');
    const managerCall = client(t.app, manager.accessToken, door.shop.organizationId);
    const answer = await redeem(door.shop, body, managerCall);
    expect(answer).toMatchObject({ result: 'ok', ticket: { id: ticket!.id } });
  });

  it('lets SCAN-only staff scan secrets', async () => {
    const [ticket] = await issue(door.shop);
    const scanOnly = await addStaff(t.app, door.shop.organizationId, ['SCAN'], 'Door Person');
    const scanCall = client(t.app, scanOnly.accessToken, door.shop.organizationId);
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [door.list.id]), scanCall))).toBe('ok');
  });
});
