import type { Database } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop } from '../../../test/support/orders';
import { issue, newDoor, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { foldLedger } from '../ledger/rollup.repository';
import { changeSignature } from './figures.repository';

/**
 * The live dashboards' change signature moves with every ledger row of the organisation, whether the
 * roll-up has folded it or not, and a fold alone does not move it; other organisations' rows do not. It
 * also moves with every order paid, scan and undone scan, whoever writes them (the database counts them in
 * the writing transaction), including an order paid with no ledger row.
 */

let t: TestContext;
let db: Database;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  db = t.app.ctx.db;
}, 600_000);
afterAll(async () => t.close());

const adjustment = (organizationId: string) => ({
  organizationId,
  kind: 'adjustment' as const,
  amountMinor: 100,
  currency: 'EUR',
  occurredAt: new Date(),
  reason: 'correction',
});

describe("the dashboard's change signature", () => {
  it('moves with each ledger row, folded or not, and not with a fold', async () => {
    const shop = await newShop(t.app);
    const other = await newShop(t.app);
    const signatures = [await changeSignature(db, shop.organizationId)];
    await db.insert(ledgerEntries).values(adjustment(shop.organizationId));
    signatures.push(await changeSignature(db, shop.organizationId));
    expect(signatures[1]).not.toBe(signatures[0]);
    await foldLedger(db);
    expect(await changeSignature(db, shop.organizationId)).toBe(signatures[1]);
    await db.insert(ledgerEntries).values(adjustment(other.organizationId));
    await foldLedger(db);
    expect(await changeSignature(db, shop.organizationId)).toBe(signatures[1]);
    await db.insert(ledgerEntries).values(adjustment(shop.organizationId));
    const unfolded = await changeSignature(db, shop.organizationId);
    expect(unfolded).not.toBe(signatures[1]);
    await foldLedger(db);
    expect(await changeSignature(db, shop.organizationId)).toBe(unfolded);
  });

  it('moves with each order paid, scan and undone scan, without a ledger row', async () => {
    const door = await newDoor(t.app);
    const { shop } = door;
    const other = await newDoor(t.app);
    const moves = async (action: () => Promise<unknown>) => {
      const before = await changeSignature(db, shop.organizationId);
      await action();
      return (await changeSignature(db, shop.organizationId)) !== before;
    };
    // An order waiting for its offline payment is not a change; its payment is, even written by a plain
    // UPDATE that records no ledger row (as another process or a job might).
    const { orderId } = await offlineOrder(t.app, shop);
    const pay = () =>
      db
        .update(orders)
        .set({ status: 'paid', paidAt: sql`now()` })
        .where(and(eq(orders.organizationId, shop.organizationId), eq(orders.id, orderId)));
    expect(await moves(pay)).toBe(true);
    const ledgerRows = await db.$count(ledgerEntries, eq(ledgerEntries.organizationId, shop.organizationId));
    expect(ledgerRows).toBe(0);
    // An order paid when placed (given away at the box office).
    let tickets: Awaited<ReturnType<typeof issue>> = [];
    expect(
      await moves(async () => {
        tickets = await issue(shop, 1);
      }),
    ).toBe(true);
    const [first] = tickets;
    if (!first) throw new Error('a ticket was issued');
    // An admission, a refused scan, an undone admission.
    let checkinId = '';
    expect(
      await moves(async () => {
        const answer = await redeem(shop, scan(first.secret, [door.list.id]));
        expect(answer.result).toBe('ok');
        checkinId = answer.checkinId;
      }),
    ).toBe(true);
    expect(await moves(() => redeem(shop, scan(first.secret, [door.list.id])))).toBe(true);
    expect(
      await moves(async () => {
        const undo = await shop.call('POST', `/api/scan/checkins/${checkinId}/undo`, { reason: 'Wrong one' });
        expect(undo.statusCode, undo.body).toBe(200);
      }),
    ).toBe(true);
    // Another organisation's orders and scans leave it alone.
    const [theirs] = await issue(other.shop, 1);
    expect(await moves(() => redeem(other.shop, scan(theirs?.secret ?? '', [other.list.id])))).toBe(false);
    expect(await moves(() => issue(other.shop, 1))).toBe(false);
    // Nor does reading.
    expect(await moves(() => changeSignature(db, shop.organizationId))).toBe(false);
  });
});
