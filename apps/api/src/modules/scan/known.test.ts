import { orders, tickets } from '@guichet/db/schema/orders';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { checkinLog } from '@guichet/db/schema/scan';
import { type RedeemAnswer, type RedeemRequest, redeemRequestSchema } from '@guichet/shared/scan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { addList, type Door, issue, newDoor, reasonOf, scan, TEST_ENV } from '../../../test/support/scan';
import { addStaff } from '../../../test/support/teams';
import { HeadcountHub } from './headcount';
import { KnownScans } from './known';
import { type Caller, RedeemBatches, redeem } from './redeem.service';

// A scan whose scanner and ticket are known goes straight to its write, which must find them unchanged
// (./known.ts). Each test below changes one thing after it became known; without the write's check, the
// scan would be judged on the old state and these would fail.

let t: TestContext;
let door: Door;
let hub: HeadcountHub;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
  hub = new HeadcountHub(t.app.ctx.db, 60_000);
}, 180_000);
afterAll(async () => {
  hub.close();
  await t.close();
});

/** Redeem through the service with batches of our own, counting the scans that had to be read. */
function scanner(caller: Caller) {
  const batches = new RedeemBatches(t.app.ctx.db);
  const submit = batches.reads.submit.bind(batches.reads);
  const counted = { reads: 0 };
  batches.reads.submit = (request) => {
    counted.reads += 1;
    return submit(request);
  };
  const send = (body: RedeemRequest): Promise<RedeemAnswer> =>
    redeem(t.app.ctx, hub, batches, caller, redeemRequestSchema.parse(body));
  return { batches, counted, send };
}

const admin = (): Caller => ({
  organizationId: door.shop.organizationId,
  staffId: door.shop.admin.user.id,
  sessionGeneration: 0,
});

/** A scanner that has scanned one ticket of the event, and so knows the event's tickets. */
async function warmScanner(caller = admin(), listIds = [door.list.id]) {
  const scanning = scanner(caller);
  const [first] = await issue(door.shop);
  expect(reasonOf(await scanning.send(scan(first!.secret, listIds)))).toBe('ok');
  await scanning.batches.known.settled();
  scanning.counted.reads = 0;
  return scanning;
}

describe('a known scanner and ticket', () => {
  it('are judged without a read, from the event’s tickets loaded after its first scan', async () => {
    const [ticket] = await issue(door.shop, 1, 0, ['Kim Known']);
    const { send, counted } = await warmScanner();
    const answer = await send(scan(ticket!.secret, [door.list.id]));
    expect(answer).toMatchObject({ result: 'ok', ticket: { id: ticket!.id, attendeeName: 'Kim Known' } });
    expect(reasonOf(await send(scan(ticket!.secret, [door.list.id])))).toBe('already-used');
    expect(counted.reads).toBe(0);
    const logged = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket!.id));
    expect(logged.map((row) => row.result).sort()).toEqual(['ok', 'refused']);
  });

  it('see a refund, a cancelled order, a new attendee name and a new secret made after they were known', async () => {
    // Three orders: cancelling one order must not touch the others' tickets.
    const [refunded, cancelled, renamed, reissued] = (
      await Promise.all([1, 2, 3, 4].map(() => issue(door.shop)))
    ).flat();
    const { send, counted } = await warmScanner();
    const db = t.app.ctx.db;
    await db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, refunded!.id));
    expect(reasonOf(await send(scan(refunded!.secret, [door.list.id])))).toBe('refunded');
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled!.orderId));
    expect(reasonOf(await send(scan(cancelled!.secret, [door.list.id])))).toBe('cancelled');
    await db.update(tickets).set({ attendeeName: 'Nell New' }).where(eq(tickets.id, renamed!.id));
    expect(await send(scan(renamed!.secret, [door.list.id]))).toMatchObject({
      result: 'ok',
      ticket: { attendeeName: 'Nell New' },
    });
    // A secret the ticket no longer has is no ticket's.
    await db
      .update(tickets)
      .set({ secret: `${reissued!.secret}-new` })
      .where(eq(tickets.id, reissued!.id));
    expect(reasonOf(await send(scan(reissued!.secret, [door.list.id])))).toBe('unknown');
    // Each was found out of date by its write, then read.
    expect(counted.reads).toBe(4);
  });

  it('see a list’s new rules', async () => {
    const gate = await addList(door.shop, { name: 'Side gate', allowMultipleEntries: true });
    const [ticket] = await issue(door.shop);
    const { send } = await warmScanner(admin(), [gate.id]);
    expect(reasonOf(await send(scan(ticket!.secret, [gate.id])))).toBe('ok');
    expect(reasonOf(await send(scan(ticket!.secret, [gate.id])))).toBe('ok');
    const patched = await door.shop.call('PATCH', `/api/checkin-lists/${gate.id}`, {
      allowMultipleEntries: false,
      startsAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(reasonOf(await send(scan(ticket!.secret, [gate.id])))).toBe('not-yet-valid');
    const again = await door.shop.call('PATCH', `/api/checkin-lists/${gate.id}`, { startsAt: null });
    expect(again.statusCode, again.body).toBe(200);
    expect(reasonOf(await send(scan(ticket!.secret, [gate.id])))).toBe('already-used');
  });

  it('stop scanning at once when the scanner loses its permission or two-factor sign-in is required', async () => {
    const person = await addStaff(t.app, door.shop.organizationId, ['SCAN']);
    const caller = {
      organizationId: door.shop.organizationId,
      staffId: person.user.id,
      sessionGeneration: 0,
    };
    const [a, b, c] = await issue(door.shop, 3);
    const { send, counted } = await warmScanner(caller);
    expect(reasonOf(await send(scan(a!.secret, [door.list.id])))).toBe('ok');
    expect(counted.reads).toBe(0);
    const db = t.app.ctx.db;
    const membership = and(
      eq(staffOrganizations.organizationId, caller.organizationId),
      eq(staffOrganizations.staffId, caller.staffId),
    );
    await db
      .update(staffOrganizations)
      .set({ permissions: ['DASHBOARD'] })
      .where(membership);
    await expect(send(scan(b!.secret, [door.list.id]))).rejects.toMatchObject({ code: 'forbidden' });
    await db
      .update(staffOrganizations)
      .set({ permissions: ['SCAN'] })
      .where(membership);
    expect(reasonOf(await send(scan(b!.secret, [door.list.id])))).toBe('ok');
    const organization = eq(organizations.id, caller.organizationId);
    await db.update(organizations).set({ requireTwoFactor: true }).where(organization);
    try {
      await expect(send(scan(c!.secret, [door.list.id]))).rejects.toMatchObject({
        code: 'two-factor-required',
      });
    } finally {
      await db.update(organizations).set({ requireTwoFactor: false }).where(organization);
    }
    const logged = await db.select().from(checkinLog).where(eq(checkinLog.ticketId, c!.id));
    expect(logged).toEqual([]);
  });

  it('answer a nonce sent again with its first answer, admitted or refused', async () => {
    const [ticket, outside] = await issue(door.shop, 2);
    const { send, counted } = await warmScanner();
    const body = scan(ticket!.secret, [door.list.id]);
    const first = await send(body);
    expect(first.result).toBe('ok');
    expect(await send(body)).toEqual(first);
    // The statement stores a refusal by presence itself: the same answer as the one returned.
    const exit = scan(outside!.secret, [door.list.id], { direction: 'exit' });
    const refused = await send(exit);
    expect(reasonOf(refused)).toBe('not-inside');
    expect(await send(exit)).toEqual(refused);
    expect(counted.reads).toBe(0);
  });
});

describe('known scans at once', () => {
  it('50 scans of one known ticket through two scanners’ batches: exactly one ok', async () => {
    // Meaningful on PostgreSQL (TEST_DATABASE_URL), where the two batches' writes run concurrently.
    const [ticket] = await issue(door.shop);
    const scanners = [await warmScanner(), await warmScanner()];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        scanners[index % 2]!.send(scan(ticket!.secret, [door.list.id], { deviceId: `gate-${index}` })),
      ),
    );
    expect(answers.filter((answer) => answer.result === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => reasonOf(answer) === 'already-used')).toHaveLength(49);
    expect(scanners.map(({ counted }) => counted.reads)).toEqual([0, 0]);
  });
});

describe('what a process knows', () => {
  it('forgets the tickets it has known longest past its bound', async () => {
    const issued = await issue(door.shop, 12);
    const known = new KnownScans(t.app.ctx.db, { tickets: 10, scopes: 10, events: 10 });
    const { organizationId, staffId } = admin();
    const listIds = [door.list.id];
    const scope = { permissions: ['ALL'], lists: [] };
    const row = (ticket: (typeof issued)[number]) => ({
      id: ticket.id,
      eventId: door.shop.event.id,
      ticketTypeId: door.shop.event.ticketTypes[0]!.id,
      ticketStatus: 'valid' as const,
      orderStatus: 'paid',
      orderCode: ticket.code,
      attendeeName: null,
      ticketTypeName: 'Standard',
    });
    for (const ticket of issued) {
      known.remember(staffId, organizationId, listIds, scope, { secret: ticket.secret, row: row(ticket) });
    }
    const knows = () =>
      issued.map((ticket) => known.lookup(staffId, organizationId, listIds, ticket.secret) !== null);
    // The bound is 10: the first was forgotten when the eleventh came, the second with the twelfth.
    expect(knows()).toEqual([false, false, ...Array(10).fill(true)]);
  });
});
