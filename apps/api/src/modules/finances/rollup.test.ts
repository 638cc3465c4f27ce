import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, sourceMigrationsFolder } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import type { LedgerKind } from '@guichet/shared/finances';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  rawDashboard,
  rawEventTotals,
  rawOrderCounts,
  rawSalesSeries,
  rawSeries,
  rawTotals,
} from '../../../test/support/ledger-raw';
import { newShop } from '../../../test/support/orders';
import { ledgerFigures, salesSeries } from '../dashboard/figures.repository';
import { foldLedger, readWatermark } from '../ledger/rollup.repository';
import { NET_KINDS, orderCounts, type Period, periodSummary } from './finances.repository';

/**
 * The roll-up (decision 036) never changes a figure: random ledger rows across hour, day and month edges,
 * folded at random moments (some folds running while rows are written), give the same figures as the raw
 * ledger, in whole-hour, half-hour and quarter-hour time zones, by payment and by event date, for the
 * organisation and for one event; and a row whose transaction commits after a later one is counted once.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let t: TestContext;
let db: Database;
let organizationId: string;
let eventIds: string[];
let orderIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.ctx.db;
  const shop = await newShop(t.app);
  organizationId = shop.organizationId;
  await db.execute(sql`
    insert into events (id, organization_id, slug, name, starts_at, ends_at, time_zone, status)
    select gen_random_uuid(), ${organizationId}, 'rollup-' || n, 'Roll-up ' || n,
      now() - make_interval(days => 20 * n), now() - make_interval(days => 20 * n) + interval '2 hours',
      'Europe/Paris', 'published'
    from generate_series(1, 3) n`);
  const events = await db.execute(sql`select id from events where organization_id = ${organizationId}`);
  eventIds = rowsOf<{ id: string }>(events).map((row) => row.id);
  await db.execute(sql`
    insert into orders (id, organization_id, event_id, code, status, channel, payment_method, buyer_name,
      buyer_email, total_minor, currency, paid_at, created_at, updated_at, ticket_count)
    select gen_random_uuid(), ${organizationId}, ${eventIds[0]}, 'R' || lpad(n::text, 6, '0'), 'paid',
      'online', 'offline', 'Buyer ' || n, 'buyer' || n || '@example.com', 1000, 'EUR', now(), now(), now(), 0
    from generate_series(1, 12) n`);
  const orders = await db.execute(sql`select id from orders where organization_id = ${organizationId}`);
  orderIds = rowsOf<{ id: string }>(orders).map((row) => row.id);
}, 600_000);
afterAll(async () => t.close());

const DAY = 86_400_000;
const KINDS = ['sale', 'card_payment', 'refund', 'processor_fee', 'adjustment', 'payout'] as const;
const ZONES = ['UTC', 'Europe/Paris', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns'];

/** An instant within the last 70 days, often right on or beside an hour's or a half hour's edge. */
const instant = fc
  .tuple(
    fc.integer({ min: 0, max: 70 * 24 }),
    fc.constantFrom(0, 1, 29 * 60_000, 30 * 60_000, 3_599_999, 1_234_567),
  )
  .map(([hours, offset]) => {
    const hour = Math.floor((Date.now() - 70 * DAY) / 3_600_000) + hours;
    return new Date(hour * 3_600_000 + offset);
  });
const row = fc.record({
  kind: fc.constantFrom(...KINDS),
  amount: fc.integer({ min: 1, max: 50_000 }),
  currency: fc.constantFrom('EUR', 'EUR', 'USD'),
  method: fc.constantFrom('offline', 'stripe', 'box_office', null),
  event: fc.nat(3),
  order: fc.nat(11),
  at: instant,
});
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

function entryOf(r: Row) {
  const amountMinor = r.kind === 'sale' || r.kind === 'card_payment' ? r.amount : -r.amount;
  return {
    organizationId,
    // Event 3 stands for rows with no event (a payout, an adjustment outside any order).
    eventId: r.event < 3 ? eventIds[r.event] : null,
    orderId: r.event < 3 ? orderIds[r.order] : null,
    kind: r.kind,
    method: r.kind === 'payout' ? null : r.method,
    amountMinor,
    currency: r.currency,
    occurredAt: r.at,
    reason: r.kind === 'adjustment' ? 'correction' : null,
  };
}

const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

// The summary shows the kinds of its net, not payments or payouts (by payment date it does not even read
// them): the figures of those kinds are compared, on both sides.
const isShown = (kind: string) => NET_KINDS.includes(kind as LedgerKind);
/** Figures keyed currency/kind/..., of the kinds shown. */
const shown = (figures: Record<string, number>) =>
  Object.fromEntries(Object.entries(figures).filter(([key]) => isShown(key.split('/')[1] ?? '')));

/** Every figure read through the roll-up, next to the same figure from the raw rows. */
async function compare(p: Period) {
  const keyOf = (...parts: (string | null)[]) => parts.filter((part) => part !== null).join('/');
  const sums = (rows: { key: string; amount: number }[]) => {
    const out: Record<string, number> = {};
    for (const { key, amount } of rows) out[key] = (out[key] ?? 0) + amount;
    return out;
  };
  const expected = {
    totals: shown(await rawTotals(db, p)),
    byEvent: shown(await rawEventTotals(db, p)),
    orders: await rawOrderCounts(db, p),
  };
  // The summary's one statement, with each chart bucket: every part of it against the raw recompute.
  for (const bucket of ['day', 'week', 'month'] as const) {
    const { totals, eventTotals, series } = await periodSummary(db, p, bucket, true);
    expect(
      sums(
        totals
          .filter((r) => isShown(r.kind))
          .map((r) => ({ key: keyOf(r.currency, r.kind, r.method), amount: r.amountMinor })),
      ),
    ).toEqual(expected.totals);
    const byEvent = (eventTotals ?? []).filter((r) => r.eventId && isShown(r.kind));
    expect(
      sums(byEvent.map((r) => ({ key: keyOf(r.currency, r.kind, r.eventId), amount: r.amountMinor }))),
    ).toEqual(expected.byEvent);
    expect(Object.fromEntries(orderCounts(totals))).toEqual(expected.orders);
    expect(
      sums(
        series.flatMap((r) => [
          { key: keyOf(r.date, r.currency, 'gross'), amount: r.grossMinor },
          { key: keyOf(r.date, r.currency, 'refunds'), amount: r.refundsMinor },
        ]),
      ),
    ).toEqual(await rawSeries(db, p, bucket));
  }
  if (p.basis === 'payment' && !p.eventId) {
    const money = await ledgerFigures(db, p);
    expect(
      sums(
        money.flatMap((r) =>
          Object.entries({
            gross: r.grossMinor,
            net: r.netMinor,
            refunds: r.refundsMinor,
            refundCount: r.refundCount,
            paidOrders: r.paidOrders,
          }).map(([figure, amount]) => ({ key: keyOf(r.currency, figure), amount })),
        ),
      ),
    ).toEqual(await rawDashboard(db, p));
    for (const bucket of ['hour', 'day'] as const) {
      const series = await salesSeries(db, p, bucket);
      expect(
        sums(
          series.flatMap((r) => [
            { key: keyOf(r.at, r.currency, 'gross'), amount: r.grossMinor },
            { key: keyOf(r.at, r.currency, 'orders'), amount: r.orders },
          ]),
        ),
      ).toEqual(await rawSalesSeries(db, p, bucket));
    }
  }
}

const period = fc.record({
  start: fc.integer({ min: -75, max: 0 }),
  length: fc.integer({ min: 0, max: 80 }),
  tz: fc.constantFrom(...ZONES),
  basis: fc.constantFrom('payment' as const, 'payment' as const, 'event' as const),
  oneEvent: fc.boolean(),
});

describe('the ledger roll-up', () => {
  it('gives every figure of the raw ledger, folded or not, in any time zone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ rows: fc.array(row, { minLength: 1, maxLength: 25 }), fold: fc.nat(2) }), {
          minLength: 2,
          maxLength: 6,
        }),
        fc.array(period, { minLength: 2, maxLength: 4 }),
        async (batches, periods) => {
          for (const batch of batches) {
            const insert = db.insert(ledgerEntries).values(batch.rows.map(entryOf));
            // 0: no fold yet (the rows stay in the raw tail); 1: fold after; 2: fold while inserting.
            if (batch.fold === 2) await Promise.all([insert, foldLedger(db)]);
            else await insert;
            if (batch.fold === 1) await foldLedger(db);
          }
          for (const chosen of periods) {
            await compare({
              organizationId,
              from: day(chosen.start),
              to: day(Math.min(chosen.start + chosen.length, 5)),
              tz: chosen.tz,
              basis: chosen.basis,
              eventId: chosen.oneEvent ? (eventIds[1] ?? null) : null,
            });
          }
        },
      ),
      { numRuns: 5, endOnFailure: true },
    );
    // Everything folded: the same figures from the roll-ups alone.
    await foldLedger(db);
    for (const tz of ZONES) {
      await compare({ organizationId, from: day(-72), to: day(0), tz, basis: 'payment', eventId: null });
    }
    // Periods over half a year read the year that holds the rows (the third pass's grain), whole or less
    // the months and days after the period's end (a period ending ten days ago subtracts rows).
    for (const [tz, to] of [
      ['UTC', 0],
      ['Europe/Paris', -10],
      ['Asia/Kolkata', -10],
      ['America/St_Johns', -1],
    ] as const) {
      for (const eventId of [null, eventIds[1] ?? null]) {
        await compare({ organizationId, from: day(-420), to: day(to), tz, basis: 'payment', eventId });
      }
    }
  }, 600_000);

  it('subtracts a folded row of the half hour after a half-hour zone’s period, whatever its event', async () => {
    // A Kolkata day ends at 18:30 UTC: its last hour's roll-up unit is read whole and the half hour after
    // the day subtracted from the raw rows; the row there has an event, the organisation's roll-up none.
    const end = new Date(`${day(-3)}T18:45:00Z`);
    await db.insert(ledgerEntries).values(
      entryOf({
        kind: 'refund',
        amount: 4_321,
        currency: 'EUR',
        method: 'offline',
        event: 1,
        order: 2,
        at: end,
      }),
    );
    await foldLedger(db);
    await compare({
      organizationId,
      from: day(-4),
      to: day(-3),
      tz: 'Asia/Kolkata',
      basis: 'payment',
      eventId: null,
    });
  });

  it("gives existing roll-ups the years the fold makes, from their months (the year grain's migration)", async () => {
    // Rows of two years, with and without an event, folded by the fold (which makes their years).
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    await db.insert(ledgerEntries).values([
      entryOf({
        kind: 'sale',
        amount: 1_200,
        currency: 'EUR',
        method: 'stripe',
        event: 0,
        order: 1,
        at: at(1),
      }),
      entryOf({
        kind: 'payout',
        amount: 900,
        currency: 'EUR',
        method: null,
        event: 3,
        order: 0,
        at: at(400),
      }),
    ]);
    await foldLedger(db);
    const years = async () => {
      const result = await db.execute(sql`select
        (select json_agg(r order by r.organization_id, r.starts_at, r.currency, r.kind, r.method)
          from ledger_rollups r where r.grain = 'year')::text as organizations,
        (select json_agg(r order by r.organization_id, r.event_id, r.starts_at, r.currency, r.kind, r.method)
          from ledger_event_rollups r where r.grain = 'year')::text as events`);
      return rowsOf<{ organizations: string | null; events: string | null }>(result)[0];
    };
    const folded = await years();
    expect(folded?.organizations).toBeTruthy();
    expect(folded?.events).toBeTruthy();
    const name = readdirSync(sourceMigrationsFolder).find((file) =>
      file.endsWith('_ledger_rollup_year_backfill.sql'),
    );
    const migration = readFileSync(path.join(sourceMigrationsFolder, name ?? ''), 'utf8');
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from ledger_rollups where grain = 'year'`);
      await tx.execute(sql`delete from ledger_event_rollups where grain = 'year'`);
      for (const statement of migration.split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    expect(await years()).toEqual(folded);
  });

  it.skipIf(!onPostgres)(
    'counts once a row whose transaction commits after a later row was written',
    async () => {
      await foldLedger(db);
      const before = await readWatermark(db);
      const entry = (amount: number) =>
        entryOf({
          kind: 'sale',
          amount,
          currency: 'EUR',
          method: 'offline',
          event: 0,
          order: 0,
          at: new Date(),
        });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const early = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // The first row takes its number, then its transaction stays open while a later row commits.
      const slow = db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values(entry(700));
        inserted();
        await held;
      });
      await early;
      await db.insert(ledgerEntries).values(entry(300));
      const folding = foldLedger(db, { lockTimeoutMs: 600_000 });
      // The fold waits for the open transaction: its lock request is queued behind the insert's.
      for (;;) {
        const waiting = await db.execute(sql`select count(*)::int as n from pg_locks
        where relation = 'ledger_entries'::regclass and mode = 'ShareLock' and not granted
          and database = (select oid from pg_database where datname = current_database())`);
        if ((rowsOf<{ n: number }>(waiting)[0]?.n ?? 0) > 0) break;
      }
      // Meanwhile reads see the committed row only, from the raw rows after the watermark.
      const p: Period = {
        organizationId,
        from: day(-1),
        to: day(1),
        tz: 'UTC',
        basis: 'payment',
        eventId: null,
      };
      // Summed per key as the finances service adds them up: the roll-up's rows (no event) and the raw rows
      // after the watermark (with their event) are rows of their own for one currency, kind and method.
      const summary: Record<string, number> = {};
      for (const r of (await periodSummary(db, p, 'day', false)).totals) {
        const key = [r.currency, r.kind, r.method].filter(Boolean).join('/');
        summary[key] = (summary[key] ?? 0) + r.amountMinor;
      }
      expect(shown(await rawTotals(db, p))).toEqual(summary);
      expect(await readWatermark(db)).toBe(before);
      release();
      await slow;
      await folding;
      const seqs = await db.execute(
        sql`select max(seq)::text as seq from ledger_entries where organization_id = ${organizationId}`,
      );
      expect(await readWatermark(db)).toBe(Number(rowsOf<{ seq: string }>(seqs)[0]?.seq));
      // Both rows are in the roll-up once: its monthly totals are the ledger's.
      const months = await db.execute(sql`
      select (select sum(amount_minor) from ledger_rollups where organization_id = ${organizationId}
          and grain = 'month')::text as rolled,
        (select sum(amount_minor) from ledger_entries where organization_id = ${organizationId})::text as raw`);
      const [sums] = rowsOf<{ rolled: string; raw: string }>(months);
      expect(sums?.rolled).toBe(sums?.raw);
      await compare(p);
    },
    600_000,
  );
});
