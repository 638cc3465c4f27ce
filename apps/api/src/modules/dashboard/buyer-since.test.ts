import type { Database } from '@guichet/db/client';
import { customers, orders } from '@guichet/db/schema/orders';
import type { PublicOrder } from '@guichet/shared/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { buy, newShop, orderBody, orderIdOf, type Shop, typeId } from '../../../test/support/orders';
import { settleBuyerSince } from './buyer-since.repository';

/**
 * The copies of the buyers' first orders on the paid orders (decision 041) are never stale: changing a
 * record's e-mail or first order, erasing it, or changing an order's buyer clears them, other changes
 * keep them; and a run of the job that reads a record while a change to it is in flight copies the
 * changed value.
 */

let t: TestContext;
let db: Database;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.ctx.db;
  shop = await newShop(t.app, [{ name: 'Free', priceMinor: 0, capacity: 1000 }]);
}, 600_000);
afterAll(async () => t.close());

/** A free order (paid at once) of `email`; answers its id. */
async function order(email: string): Promise<string> {
  const response = await buy(
    t.app,
    shop,
    orderBody(shop, {
      paymentMethod: 'free',
      buyer: { name: 'Cleo Copy', email },
      lines: [{ ticketTypeId: typeId(shop, 0), quantity: 1 }],
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return orderIdOf(t.app, response.json<PublicOrder>().code);
}

/** The order's copy of its buyer's record's first order; its copy of the record's id goes with it. */
async function copyOf(orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ since: orders.buyerSince, customerId: orders.buyerCustomerId, email: orders.buyerEmail })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row?.since) {
    expect(row?.customerId ?? null).toBeNull();
    return null;
  }
  expect(row.customerId).toBe((await recordOf(row.email)).id);
  return row.since;
}

async function recordOf(email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      sql`${customers.organizationId} = ${shop.organizationId} and lower(${customers.email}) = lower(${email})`,
    );
  if (!row) throw new Error(`no record for ${email}`);
  return row;
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

describe("the paid orders' copies of their buyers' first orders", () => {
  it('are copied by the job and cleared by every change of what they copied', async () => {
    const ann = unique('ann');
    const bob = unique('bob');
    const cid = unique('cid');
    const [annFirst, annSecond, bobOrder, cidOrder] = [
      await order(ann),
      await order(ann.toUpperCase()),
      await order(bob),
      await order(cid),
    ];
    expect(await copyOf(annFirst)).toBeNull();
    expect(await settleBuyerSince(db)).toBeGreaterThanOrEqual(4);
    const annRecord = await recordOf(ann);
    expect(await copyOf(annFirst)).toEqual(annRecord.firstOrderAt);
    expect(await copyOf(annSecond)).toEqual(annRecord.firstOrderAt);

    // What the checkout and the staff change on a record every day keeps the copies.
    await db
      .update(customers)
      .set({ name: 'Ann Other', tags: ['vip'], lastOrderAt: new Date(), orderCount: 9 })
      .where(eq(customers.id, annRecord.id));
    expect(await copyOf(annFirst)).toEqual(annRecord.firstOrderAt);

    // Her first order moves: both her orders' copies go, and the next run copies the new one.
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    await db.update(customers).set({ firstOrderAt: earlier }).where(eq(customers.id, annRecord.id));
    expect(await copyOf(annFirst)).toBeNull();
    expect(await copyOf(annSecond)).toBeNull();
    expect(await copyOf(bobOrder)).not.toBeNull();
    await settleBuyerSince(db);
    expect(await copyOf(annSecond)).toEqual(earlier);

    // Bob's record takes another address: his order's buyer has no record any more, nothing to copy.
    const bobRecord = await recordOf(bob);
    await db
      .update(customers)
      .set({ email: unique('robert') })
      .where(eq(customers.id, bobRecord.id));
    expect(await copyOf(bobOrder)).toBeNull();
    await settleBuyerSince(db);
    expect(await copyOf(bobOrder)).toBeNull();

    // An order's buyer rewritten (as an erasure does): its copy goes.
    await db
      .update(orders)
      .set({ buyerEmail: unique('erased') })
      .where(eq(orders.id, annFirst));
    expect(await copyOf(annFirst)).toBeNull();
    expect(await copyOf(annSecond)).toEqual(earlier);

    // A record erased: its orders' copies go.
    expect(await copyOf(cidOrder)).not.toBeNull();
    await db.delete(customers).where(eq(customers.id, (await recordOf(cid)).id));
    expect(await copyOf(cidOrder)).toBeNull();
    await settleBuyerSince(db);
    expect(await copyOf(cidOrder)).toBeNull();
  });

  it.skipIf(!onPostgres)(
    'leaves to its next run an order an erasure is rewriting, which then erases its record without deadlock',
    async () => {
      const eve = unique('eve');
      const eveOrder = await order(eve);
      const record = await recordOf(eve);
      let proceed = () => {};
      const go = new Promise<void>((resolve) => {
        proceed = resolve;
      });
      let rewritten = () => {};
      const rewriting = new Promise<void>((resolve) => {
        rewritten = resolve;
      });
      // As an erasure does: the person's orders rewritten, then their record deleted, in one transaction.
      const erasure = db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ buyerEmail: unique('erased') })
          .where(eq(orders.id, eveOrder));
        rewritten();
        await go;
        await tx.delete(customers).where(eq(customers.id, record.id));
      });
      await rewriting;
      let ran = false;
      const settling = settleBuyerSince(db, { lockTimeoutMs: 600_000 }).finally(() => {
        ran = true;
      });
      // The run either finishes or waits for the order the erasure holds (it must not: the erasure's
      // deletion is about to wait for the run's advisory lock).
      while (!ran) {
        const waiting = await db.execute(
          sql`select count(*)::int as n from pg_locks where locktype in ('transactionid', 'tuple') and not granted`,
        );
        if (((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) break;
      }
      proceed();
      await expect(erasure).resolves.toBeUndefined();
      await settling;
      expect(await copyOf(eveOrder)).toBeNull();
    },
    120_000,
  );

  it.skipIf(!onPostgres)(
    'copies the new first order when a run reads the record while it changes',
    async () => {
      const dee = unique('dee');
      const deeOrder = await order(dee);
      const record = await recordOf(dee);
      const moved = new Date(Date.now() - 90 * 86_400_000);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let changed = () => {};
      const inFlight = new Promise<void>((resolve) => {
        changed = resolve;
      });
      // The change is made and its transaction stays open while the job runs.
      const change = db.transaction(async (tx) => {
        await tx.update(customers).set({ firstOrderAt: moved }).where(eq(customers.id, record.id));
        changed();
        await held;
      });
      await inFlight;
      let ran = false;
      const settling = settleBuyerSince(db, { lockTimeoutMs: 600_000 }).finally(() => {
        ran = true;
      });
      // The run waits for the change (without the lock it would finish now, having copied the first order
      // its snapshot still sees).
      while (!ran) {
        const waiting = await db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        if (((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) break;
      }
      release();
      await change;
      await settling;
      expect(await copyOf(deeOrder)).toEqual(moved);
    },
    120_000,
  );
});
