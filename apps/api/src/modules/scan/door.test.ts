import { payments } from '@guichet/db/schema/payments';
import type { DoorOrder, DoorPayAnswer } from '@guichet/shared/door';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, orderBody, orderIdOf, typeId } from '../../../test/support/orders';
import { addList, type Door, newDoor, reasonOf, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { addStaff } from '../../../test/support/teams';

let t: TestContext;
let door: Door;
let steward: Awaited<ReturnType<typeof addStaff>>;
let stewardCall: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, SCAN_WRONG_CODES_PER_MINUTE: '5' });
  door = await newDoor(t.app);
  steward = await addStaff(t.app, door.shop.organizationId, ['SCAN'], 'Door Steward');
  stewardCall = client(t.app, steward.accessToken, door.shop.organizationId);
}, 180_000);
afterAll(async () => t.close());

const atTheDoor = (names?: string[]) =>
  bought(
    t.app,
    door.shop,
    orderBody(door.shop, {
      buyer: { name: 'Paula Atdoor', email: `paula-${Math.random()}@example.com` },
      lines: [{ ticketTypeId: typeId(door.shop), quantity: 2, ...(names ? { attendeeNames: names } : {}) }],
      paymentMethod: 'offline',
    }),
  );

describe('pay at the door', () => {
  it('lets a SCAN-only steward find the order by its code, take the money and admit its tickets at once', async () => {
    const order = await atTheDoor();
    expect(order.status).toBe('pending_payment');
    const typed = `${order.code.slice(0, 8).toLowerCase()}-${order.code.slice(8)}`;
    const found = await stewardCall('GET', `/api/scan/door-orders/${typed}?deviceId=door-1`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<DoorOrder>()).toMatchObject({
      code: order.code,
      status: 'pending_payment',
      buyerName: 'Paula Atdoor',
      totalMinor: 5000,
      tickets: [{ attendeeName: 'Paula Atdoor' }, { attendeeName: 'Paula Atdoor' }],
    });
    expect(found.body).not.toContain('@example.com');

    const paid = await stewardCall('POST', `/api/scan/door-orders/${order.code}/pay`, {
      amountMinor: 5000,
      method: 'cash',
      listIds: [door.list.id],
      deviceId: 'door-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json<DoorPayAnswer>();
    expect(answer.order.status).toBe('paid');
    expect(answer.admissions.map(reasonOf)).toEqual(['ok', 'ok']);

    // The money is recorded with its method, against who took it.
    const orderId = await orderIdOf(t.app, order.code);
    const rows = await t.app.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.organizationId, door.shop.organizationId), eq(payments.orderId, orderId)));
    expect(rows).toMatchObject([
      { amountMinor: 5000, method: 'cash', provider: 'offline', createdBy: steward.user.id },
    ]);

    // Issued: the buyer's order now shows the tickets, and each is already inside.
    const publicOrder = await t.app.inject({ method: 'GET', url: `/api/public/orders/${order.code}` });
    const tickets = publicOrder.json<{ tickets: { secret: string | null; shortCode: string | null }[] }>()
      .tickets;
    expect(tickets.every((ticket) => ticket.secret && ticket.shortCode)).toBe(true);
    const again = await redeem(door.shop, scan(tickets[0]!.shortCode!, [door.list.id]), stewardCall);
    expect(reasonOf(again)).toBe('already-used');

    // Paid once: a second payment is refused and records nothing.
    const twice = await stewardCall('POST', `/api/scan/door-orders/${order.code}/pay`, {
      amountMinor: 5000,
      method: 'cash',
      listIds: [door.list.id],
      deviceId: 'door-1',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('invalid-order-status');
  });

  it('refuses an amount other than the total and lists of another event, taking nothing', async () => {
    const order = await atTheDoor();
    const pay = (body: object) =>
      stewardCall('POST', `/api/scan/door-orders/${order.code}/pay`, {
        amountMinor: 5000,
        method: 'card',
        listIds: [door.list.id],
        deviceId: 'door-2',
        ...body,
      });
    const short = await pay({ amountMinor: 4000 });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('argument-error');
    const other = await newDoor(t.app);
    const sideList = await addList(door.shop, { name: 'Side door' });
    expect((await pay({ listIds: [other.list.id] })).statusCode).toBe(404);
    expect((await pay({ method: 'cheque' })).statusCode).toBe(400);
    const found = await stewardCall('GET', `/api/scan/door-orders/${order.code}?deviceId=door-2`);
    expect(found.json<DoorOrder>().status).toBe('pending_payment');
    // A list of the same event is fine.
    const ok = await pay({ listIds: [sideList.id] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('finds orders by exact code only, never by name, and limits wrong codes', async () => {
    const order = await atTheDoor();
    const guesser = await addStaff(t.app, door.shop.organizationId, ['SCAN'], 'Guesser');
    const call = client(t.app, guesser.accessToken, door.shop.organizationId);
    const find = (code: string) =>
      call('GET', `/api/scan/door-orders/${encodeURIComponent(code)}?deviceId=guess`);
    expect((await find('Paula Atdoor')).statusCode).toBe(404);
    expect((await find(order.code.slice(0, 10))).statusCode).toBe(404);
    for (let i = 0; i < 3; i += 1) expect((await find(`WRONG${i}`)).statusCode).toBe(404);
    expect((await find('WRONG9')).statusCode).toBe(429);
    // Past the limit even the right code waits.
    expect((await find(order.code)).statusCode).toBe(429);
  });

  it('is only for the organisation’s staff with a scanning permission', async () => {
    const order = await atTheDoor();
    const member = await addStaff(t.app, door.shop.organizationId, ['MEMBER'], 'Customer Manager');
    const memberCall = client(t.app, member.accessToken, door.shop.organizationId);
    expect((await memberCall('GET', `/api/scan/door-orders/${order.code}?deviceId=x`)).statusCode).toBe(403);
    const other = await newDoor(t.app);
    expect((await other.shop.call('GET', `/api/scan/door-orders/${order.code}?deviceId=x`)).statusCode).toBe(
      404,
    );
  });

  it('lets the back office confirm a payment with its amount and method, the same rule as the door', async () => {
    const order = await atTheDoor();
    const orderId = await orderIdOf(t.app, order.code);
    const wrong = await door.shop.call('POST', `/api/orders/${orderId}/mark-paid`, {
      amountMinor: 1,
      method: 'cash',
    });
    expect(wrong.statusCode).toBe(400);
    const paid = await door.shop.call('POST', `/api/orders/${orderId}/mark-paid`, {
      amountMinor: 5000,
      method: 'transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await t.app.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toMatchObject([
      { amountMinor: 5000, method: 'transfer', createdBy: door.shop.admin.user.id },
    ]);
    // SCAN-only staff take money at the door only, not through the back office's route.
    const other = await atTheDoor();
    const otherId = await orderIdOf(t.app, other.code);
    expect((await stewardCall('POST', `/api/orders/${otherId}/mark-paid`, {})).statusCode).toBe(403);
  });
});
