import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { orders } from '@guichet/db/schema/orders';
import { payments } from '@guichet/db/schema/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxOfficeOrder,
  cancelOrder,
  ledgerOf,
  markPaid,
  offlineOrder,
  refundOrder,
} from '../../../test/support/finances';
import { bearer } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf } from '../../../test/support/orders';
import {
  cardOrder,
  connectStripe,
  type StripeTest,
  sessionIdOf,
  stripeTestApp,
} from '../../../test/support/payments';
import { catchUpProcessorFees } from '../payments/fees.service';
import { checkLedger } from './ledger.service';

let s: StripeTest;
beforeAll(async () => {
  s = await stripeTestApp();
});
afterAll(async () => s.close());

const app = () => s.t.app;
/** Kinds and amounts, sorted: rows written by one statement share their time. */
const kinds = (rows: { kind: string; amountMinor: number }[]) =>
  rows.map((row) => [row.kind, row.amountMinor]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('the ledger', () => {
  it('writes a sale and the money in when an offline order is marked paid, by whom; nothing before', async () => {
    const shop = await newShop(app());
    const { orderId } = await offlineOrder(app(), shop, 2);
    expect(await ledgerOf(app(), shop.organizationId)).toEqual([]);
    const response = await markPaid(app(), shop, orderId);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ledgerOf(app(), shop.organizationId);
    expect(kinds(rows)).toEqual([
      ['offline_payment', 5000],
      ['sale', 5000],
    ]);
    expect(rows.find((row) => row.kind === 'offline_payment')).toMatchObject({
      orderId,
      eventId: shop.event.id,
      method: 'offline',
      currency: 'EUR',
      recordedBy: shop.admin.user.id,
    });
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
  });

  it('writes nothing for free orders and comp tickets, and a sale for a paid box-office order', async () => {
    const free = await newShop(app(), [{ name: 'Free', priceMinor: 0, capacity: 10 }]);
    await bought(app(), free, orderBody(free, { paymentMethod: 'free' }));
    expect(await ledgerOf(app(), free.organizationId)).toEqual([]);

    const shop = await newShop(app());
    await boxOfficeOrder(app(), shop, 1, 'comp');
    expect(await ledgerOf(app(), shop.organizationId)).toEqual([]);
    await boxOfficeOrder(app(), shop, 2, 'paid');
    expect(kinds(await ledgerOf(app(), shop.organizationId))).toEqual([
      ['box_office_payment', 5000],
      ['sale', 5000],
    ]);
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
  });

  it('writes a card payment with the platform fee, then refunds; a cancellation moves no money', async () => {
    const shop = await newShop(app());
    await connectStripe(app(), shop);
    const order = await cardOrder(app(), shop, 2);
    expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
    const orderId = await orderIdOf(app(), order.code);
    // Platform: 5 % + 30 of 5000 = 280; Stripe, from the balance transaction: 1.5 % + 25 = 100.
    expect(kinds(await ledgerOf(app(), shop.organizationId))).toEqual([
      ['card_payment', 5000],
      ['platform_fee', -280],
      ['processor_fee', -100],
      ['sale', 5000],
    ]);
    const partial = await refundOrder(app(), shop, orderId, { ticketIds: [], amountMinor: 1200 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await cancelOrder(app(), shop, orderId)).statusCode).toBe(200);
    const rows = await ledgerOf(app(), shop.organizationId);
    expect(kinds(rows.slice(4))).toEqual([['refund', -1200]]);
    expect(rows[4]).toMatchObject({ method: 'stripe', recordedBy: shop.admin.user.id });
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
  });

  it('reads the processor fee later when Stripe does not answer at payment time', async () => {
    const shop = await newShop(app());
    await connectStripe(app(), shop);
    const order = await cardOrder(app(), shop, 1);
    s.fake.state.failNext = 5;
    expect((await s.fake.pay(sessionIdOf(order.checkoutUrl))).status).toBe(200);
    s.fake.state.failNext = 0;
    expect((await ledgerOf(app(), shop.organizationId)).map((row) => row.kind)).not.toContain(
      'processor_fee',
    );
    await catchUpProcessorFees(app().ctx, app().log, new Date(Date.now() + 60_000));
    const fee = (await ledgerOf(app(), shop.organizationId)).find((row) => row.kind === 'processor_fee');
    // 1.5 % of 2500 + 25.
    expect(fee).toMatchObject({
      amountMinor: -63,
      method: 'stripe',
      reference: expect.stringMatching(/^txn_/),
    });
    // Once read, never again.
    await catchUpProcessorFees(app().ctx, app().log, new Date(Date.now() + 60_000));
    expect(
      (await ledgerOf(app(), shop.organizationId)).filter((row) => row.kind === 'processor_fee'),
    ).toHaveLength(1);
  });

  it('reverses a refund Stripe refuses, so the ledger still equals the order', async () => {
    const shop = await newShop(app());
    await connectStripe(app(), shop);
    const order = await cardOrder(app(), shop, 1);
    await s.fake.pay(sessionIdOf(order.checkoutUrl));
    const orderId = await orderIdOf(app(), order.code);
    // Refunded at Stripe behind our back: Stripe refuses the next refund (400), which fails it.
    const [payment] = await app().ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    const intent = s.fake.intents.get(String(payment?.stripePaymentIntentId));
    if (!intent) throw new Error('no payment intent at the fake');
    intent.refunded = intent.amount;
    const response = await refundOrder(app(), shop, orderId, { ticketIds: [], amountMinor: 500 });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ledgerOf(app(), shop.organizationId);
    expect(kinds(rows.slice(4))).toEqual([
      ['refund', -500],
      ['refund_reversal', 500],
    ]);
    const [row] = await app().ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.refundedMinor).toBe(0);
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
  });

  it('writes one refund row per refund that won, however many race for the money', async () => {
    const shop = await newShop(app());
    const { orderId } = await offlineOrder(app(), shop, 2);
    await markPaid(app(), shop, orderId);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        refundOrder(app(), shop, orderId, { ticketIds: [], amountMinor: 1000 }),
      ),
    );
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(results.filter((response) => response.statusCode === 422)).toHaveLength(7);
    const rows = await ledgerOf(app(), shop.organizationId);
    expect(rows.filter((row) => row.kind === 'refund').map((row) => row.amountMinor)).toEqual(
      Array(5).fill(-1000),
    );
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
  });

  it('refuses to update or delete a ledger row', async () => {
    const shop = await newShop(app());
    const { orderId } = await offlineOrder(app(), shop, 1);
    await markPaid(app(), shop, orderId);
    const db = app().ctx.db;
    await expect(
      db.execute(
        sql`update ledger_entries set amount_minor = 1 where organization_id = ${shop.organizationId}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_entries where organization_id = ${shop.organizationId}`),
    ).rejects.toThrow();
    expect(await ledgerOf(app(), shop.organizationId)).toHaveLength(2);
  });

  it('goes with its organisation when the sole member deletes their account', async () => {
    const shop = await newShop(app());
    const { orderId } = await offlineOrder(app(), shop, 1);
    await markPaid(app(), shop, orderId);
    const response = await app().inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(shop.admin.accessToken),
      payload: { password: shop.admin.password },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await ledgerOf(app(), shop.organizationId)).toEqual([]);
  });

  it('detects drift, and the backfill rebuilds the ledger of money recorded before it', async () => {
    const shop = await newShop(app());
    const { orderId } = await offlineOrder(app(), shop, 2);
    await markPaid(app(), shop, orderId);
    await refundOrder(app(), shop, orderId, { ticketIds: [], amountMinor: 700 });
    const db = app().ctx.db;
    // Money recorded without its ledger rows (as before the ledger existed): a second paid order.
    const other = await offlineOrder(app(), shop, 1);
    await db.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, other.orderId));
    const [payment] = await db
      .insert(payments)
      .values({
        organizationId: shop.organizationId,
        orderId: other.orderId,
        provider: 'offline',
        amountMinor: 2500,
        currency: 'EUR',
      })
      .returning();
    expect(await checkLedger(db, shop.organizationId)).toEqual([
      expect.objectContaining({ orderId: other.orderId, expectedMinor: 2500, ledgerMinor: 0 }),
    ]);
    // The migration's backfill statements, limited to that payment (the others have their rows).
    const folder = fileURLToPath(new URL('../../../../../packages/db/migrations', import.meta.url));
    const file = readdirSync(folder).find((name) => name.endsWith('_ledger_custom.sql'));
    const migration = readFileSync(path.join(folder, file ?? ''), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('INSERT INTO ledger_entries'))[0];
    expect(backfill).toBeDefined();
    await db.execute(
      sql.raw(
        `${backfill?.replace('WHERE k.amount <> 0', `WHERE k.amount <> 0 AND p.id = '${payment?.id}'`)}`,
      ),
    );
    expect(await checkLedger(db, shop.organizationId)).toEqual([]);
    expect(
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, other.orderId))).map(
        (row) => row.kind,
      ),
    ).toEqual(expect.arrayContaining(['sale', 'offline_payment']));
  });
});
