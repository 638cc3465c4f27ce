import { ledgerEntries } from '@guichet/db/schema/ledger';
import { payouts, payoutTransactions } from '@guichet/db/schema/payouts';
import { auditLog } from '@guichet/db/schema/teams';
import type { Adjustment, PayoutDetail, PayoutList } from '@guichet/shared/payouts';
import type { Permission } from '@guichet/shared/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf } from '../../../test/support/finances';
import { newShop, type Shop } from '../../../test/support/orders';
import { connectStripe, type StripeTest, stripeTestApp } from '../../../test/support/payments';
import {
  extraTransactions,
  financesCall,
  paidCardOrder,
  payoutDetailOf,
  payoutList,
  reconciliationRows,
  recordedPayout,
  refundCard,
  stripeAccountOf,
} from '../../../test/support/payouts';
import { addStaff } from '../../../test/support/teams';
import { checkLedger } from '../ledger/ledger.service';
import { catchUpPayouts } from './payouts.job';

let s: StripeTest;
let shop: Shop;
let account: string;
beforeAll(async () => {
  s = await stripeTestApp();
  shop = await newShop(app());
  await connectStripe(app(), shop);
  account = await stripeAccountOf(app(), shop.organizationId);
  // Pages of two: every list the sync reads takes several pages.
  s.fake.balance.state.pageSize = 2;
});
afterAll(async () => s.close());

function app() {
  return s.t.app;
}

const withoutSyncTime = (rows: Awaited<ReturnType<typeof reconciliationRows>>) => ({
  ...rows,
  payouts: rows.payouts.map(({ syncedAt: _syncedAt, ...rest }) => rest),
});

/** What the matched ledger rows of a payout add up to, read from the ledger itself (not the stored sums). */
async function matchedFromLedger(stripePayoutId: string) {
  const db = app().ctx.db;
  const [payout] = await db.select().from(payouts).where(eq(payouts.stripePayoutId, stripePayoutId));
  if (!payout) throw new Error('payout not stored');
  const ledger = await ledgerOf(app(), shop.organizationId);
  let total = 0;
  for (const row of await db
    .select()
    .from(payoutTransactions)
    .where(eq(payoutTransactions.payoutId, payout.id))) {
    if (row.type === 'payout') continue;
    if (row.paymentId)
      total += ledger
        .filter((entry) => entry.paymentId === row.paymentId && entry.refundId === null)
        .filter((entry) => ['card_payment', 'processor_fee', 'platform_fee'].includes(entry.kind))
        .reduce((sum, entry) => sum + entry.amountMinor, 0);
    else if (row.ledgerEntryId)
      total += ledger.find((entry) => entry.id === row.ledgerEntryId)?.amountMinor ?? 0;
  }
  return { payout, total };
}

async function paidPayout(options: Parameters<typeof s.fake.balance.createPayout>[1] = {}) {
  const created = await s.fake.balance.createPayout(account, options);
  await s.fake.balance.setPayoutStatus(created.id, 'paid', options.silent);
  return created;
}

async function adjust(body: object, token = shop.admin.accessToken, on = shop) {
  return financesCall(app(), on, 'POST', '/api/finances/adjustments', body, token);
}

const transactionOfType = (detail: PayoutDetail, type: string) => {
  const found = detail.transactions.find((transaction) => transaction.type === type);
  if (!found) throw new Error(`no ${type} transaction`);
  return found;
};

describe('a payout of charges and a refund', () => {
  let payoutId: string;

  it('is reconciled: its matched ledger rows add up to its amount to the cent', async () => {
    // 2 × 2500 (fees 100 + 280), 1 × 2500 (fees 63 + 155), 1200 refunded: 4620 + 2282 − 1200.
    const first = await paidCardOrder(s, shop, 2);
    await paidCardOrder(s, shop, 1);
    await refundCard(app(), shop, first, 1200);
    const created = await paidPayout();
    payoutId = created.id;
    expect(created.amount).toBe(5702);

    const detail = await payoutDetailOf(app(), shop, created.id);
    expect(detail.payout).toMatchObject({
      status: 'paid',
      reconciliation: 'reconciled',
      flags: [],
      amountMinor: 5702,
      matchedMinor: 5702,
      transactionCount: 4,
      unmatchedCount: 0,
    });
    expect(detail.transactions.map((transaction) => transaction.type).sort()).toEqual([
      'charge',
      'charge',
      'payout',
      'refund',
    ]);
    expect((await matchedFromLedger(created.id)).total).toBe(5702);
    // The payout itself leaves the Stripe balance, once, in the ledger.
    const out = (await ledgerOf(app(), shop.organizationId)).filter((row) => row.kind === 'payout');
    expect(out).toMatchObject([{ amountMinor: -5702, method: 'stripe', reference: created.id }]);
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
  });

  it('applies redelivered and repeated payout events once', async () => {
    const before = await reconciliationRows(app(), shop.organizationId);
    const sent = s.fake.sentEvents.filter((event) => String(event.type).startsWith('payout.'));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    // Redelivered as Stripe does, all at once, and a fresh event about the same payout.
    const statuses = await Promise.all(sent.map((event) => s.fake.resend(event)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const payout = s.fake.balance.payouts.get(payoutId);
    const { account: _account, ...object } = payout as NonNullable<typeof payout>;
    expect(await s.fake.send('payout.paid', object, account)).toBe(200);
    expect(withoutSyncTime(await reconciliationRows(app(), shop.organizationId))).toEqual(
      withoutSyncTime(before),
    );
  });
});

describe('a paid payout that fails afterwards', () => {
  it('gives its money back to the balance once, matched in the next payout', async () => {
    await paidCardOrder(s, shop, 1);
    const failing = await paidPayout();
    expect((await payoutDetailOf(app(), shop, failing.id)).payout.reconciliation).toBe('reconciled');
    await s.fake.balance.setPayoutStatus(failing.id, 'failed');
    // A late `payout.updated` saying "paid" does not undo the failure.
    const { account: _account, ...object } = s.fake.balance.payouts.get(failing.id) as NonNullable<
      ReturnType<typeof s.fake.balance.payouts.get>
    >;
    expect(await s.fake.send('payout.updated', { ...object, status: 'paid' }, account)).toBe(200);
    expect((await payoutDetailOf(app(), shop, failing.id)).payout.status).toBe('failed');
    const rows = (await ledgerOf(app(), shop.organizationId)).filter((row) => row.reference === failing.id);
    expect(rows.map((row) => row.amountMinor).sort((a, b) => a - b)).toEqual([-2282, 2282]);

    await paidCardOrder(s, shop, 1);
    const next = await paidPayout();
    expect(next.amount).toBe(2282 + 2282);
    const detail = await payoutDetailOf(app(), shop, next.id);
    expect(detail.payout).toMatchObject({ reconciliation: 'reconciled', matchedMinor: 4564 });
    expect(transactionOfType(detail, 'payout_failure')).toMatchObject({ matched: true, matchedMinor: 2282 });
  });
});

describe('the catch-up', () => {
  it('syncs a payout whose events never arrived, and a second run changes nothing', async () => {
    await paidCardOrder(s, shop, 1);
    const missed = await paidPayout({ silent: true });
    expect((await payoutList(app(), shop)).some((payout) => payout.stripePayoutId === missed.id)).toBe(false);

    expect(await catchUpPayouts(app().ctx, app().log)).toBe(1);
    const detail = await payoutDetailOf(app(), shop, missed.id);
    expect(detail.payout).toMatchObject({
      reconciliation: 'reconciled',
      amountMinor: 2282,
      matchedMinor: 2282,
    });

    const before = await reconciliationRows(app(), shop.organizationId);
    expect(await catchUpPayouts(app().ctx, app().log)).toBe(0);
    expect(await reconciliationRows(app(), shop.organizationId)).toEqual(before);
  });

  it('and a webhook racing it write the payout once', async () => {
    await paidCardOrder(s, shop, 2);
    const raced = await paidPayout({ silent: true });
    const { account: _account, ...object } = s.fake.balance.payouts.get(raced.id) as NonNullable<
      ReturnType<typeof s.fake.balance.payouts.get>
    >;
    await Promise.all([catchUpPayouts(app().ctx, app().log), s.fake.send('payout.paid', object, account)]);
    const { payout, total } = await matchedFromLedger(raced.id);
    expect(total).toBe(4620);
    expect(payout.reconciliation).toBe('reconciled');
    const db = app().ctx.db;
    expect(
      await db.select().from(payoutTransactions).where(eq(payoutTransactions.payoutId, payout.id)),
    ).toHaveLength(2);
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'payout'), eq(ledgerEntries.reference, raced.id))),
    ).toHaveLength(1);
  });
});

describe('a recorded payout with an adjustment, an unknown type and a charge that is not ours', () => {
  let created: Awaited<ReturnType<typeof paidPayout>>;

  it('is flagged, never absorbed', async () => {
    await paidCardOrder(s, shop, 2);
    created = await paidPayout({ extra: extraTransactions() });
    // 4620 − 150 (adjustment) − 37 (climate contribution) + 4112 (a charge of no order of ours).
    expect(created.amount).toBe(8545);
    const detail = await payoutDetailOf(app(), shop, created.id);
    expect(detail.payout.reconciliation).toBe('flagged');
    expect([...detail.payout.flags].sort()).toEqual([
      'amount-mismatch',
      'unknown-type',
      'unmatched-transactions',
    ]);
    expect(detail.payout.matchedMinor).toBe(4470);
    expect(transactionOfType(detail, 'contribution')).toMatchObject({ known: false, matched: false });
    expect(transactionOfType(detail, 'adjustment')).toMatchObject({
      known: true,
      matched: true,
      matchedMinor: -150,
    });
    const charges = detail.transactions.filter((transaction) => transaction.type === 'charge');
    expect(charges.filter((transaction) => !transaction.matched)).toHaveLength(1);
    // Stripe's adjustment is in the ledger with its reason; the unknown and the missing are not.
    const ledger = await ledgerOf(app(), shop.organizationId);
    expect(ledger.filter((row) => row.kind === 'adjustment')).toMatchObject([
      { amountMinor: -150, reason: 'Stripe: Chargeback withdrawal fee correction', recordedBy: null },
    ]);
    expect(await checkLedger(app().ctx.db, shop.organizationId)).toEqual([]);
    // The dashboard's attention items count it, and the inbox lists it.
    const attention = await financesCall(app(), shop, 'GET', '/api/dashboard/attention');
    expect(attention.json<{ items: { kind: string; count: number }[] }>().items).toContainEqual(
      expect.objectContaining({ kind: 'payouts-unreconciled', count: 1 }),
    );
    const flagged = await financesCall(app(), shop, 'GET', '/api/finances/payouts?reconciliation=flagged');
    expect(flagged.json<PayoutList>().items.map((p) => p.stripePayoutId)).toEqual([created.id]);
  });

  it('is reconciled by manual matches to adjustments with reasons, suggested and audited', async () => {
    const finance = await addStaff(app(), shop.organizationId, ['FINANCE']);
    const contribution = await adjust(
      { amountMinor: -37, reason: 'Stripe climate contribution' },
      finance.accessToken,
    );
    expect(contribution.statusCode, contribution.body).toBe(201);
    const contributionId = contribution.json<Adjustment>().id;
    let detail = await payoutDetailOf(app(), shop, created.id);
    const unknown = transactionOfType(detail, 'contribution');
    expect(unknown.suggestions.map((suggestion) => suggestion.ledgerEntryId)).toContain(contributionId);

    const matched = await financesCall(
      app(),
      shop,
      'POST',
      `/api/finances/payouts/transactions/${unknown.id}/match`,
      { ledgerEntryId: contributionId },
      finance.accessToken,
    );
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<PayoutDetail>().payout.flags).toEqual(['unmatched-transactions', 'amount-mismatch']);
    // Matched once: again, or the same ledger row for another transaction, is refused.
    const again = await financesCall(
      app(),
      shop,
      'POST',
      `/api/finances/payouts/transactions/${unknown.id}/match`,
      {
        ledgerEntryId: contributionId,
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already-matched');
    const missing = detail.transactions.find(
      (transaction) => transaction.type === 'charge' && !transaction.matched,
    );
    const reused = await financesCall(
      app(),
      shop,
      'POST',
      `/api/finances/payouts/transactions/${missing?.id}/match`,
      { ledgerEntryId: contributionId },
    );
    expect(reused.statusCode).toBe(409);

    const formerShop = await adjust({
      amountMinor: 4112,
      reason: 'Sale of the former box office, paid by card',
    });
    expect(formerShop.statusCode, formerShop.body).toBe(201);
    const last = await financesCall(
      app(),
      shop,
      'POST',
      `/api/finances/payouts/transactions/${missing?.id}/match`,
      {
        ledgerEntryId: formerShop.json<Adjustment>().id,
      },
    );
    expect(last.statusCode, last.body).toBe(200);
    detail = last.json<PayoutDetail>();
    expect(detail.payout).toMatchObject({ reconciliation: 'reconciled', flags: [], matchedMinor: 8545 });
    expect((await matchedFromLedger(created.id)).total).toBe(8545);
    const audit = await app()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, shop.organizationId), eq(auditLog.action, 'payout.matched')));
    expect(audit).toHaveLength(2);
    expect(audit.map((entry) => entry.actorStaffId)).toContain(finance.user.id);
  });

  it('takes one of two concurrent manual matches of the same transaction', async () => {
    await paidCardOrder(s, shop, 1);
    const flagged = await paidPayout({ extra: [extraTransactions()[1] as Record<string, unknown>] });
    const detail = await payoutDetailOf(app(), shop, flagged.id);
    const unknown = transactionOfType(detail, 'contribution');
    const entries = await Promise.all([
      adjust({ amountMinor: -37, reason: 'one' }),
      adjust({ amountMinor: -37, reason: 'two' }),
    ]);
    const answers = await Promise.all(
      entries.map((entry) =>
        financesCall(app(), shop, 'POST', `/api/finances/payouts/transactions/${unknown.id}/match`, {
          ledgerEntryId: entry.json<Adjustment>().id,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await payoutDetailOf(app(), shop, flagged.id)).payout.reconciliation).toBe('reconciled');
  });
});

describe('permissions', () => {
  const calls = async () => {
    const [payout] = await payoutList(app(), shop);
    const detail = await payoutDetailOf(app(), shop, payout?.stripePayoutId ?? '');
    const transaction = detail.transactions[0];
    const ledgerEntryId = (await ledgerOf(app(), shop.organizationId))[0]?.id;
    return [
      ['GET', '/api/finances/payouts', undefined],
      ['GET', `/api/finances/payouts/${payout?.id}`, undefined],
      ['POST', `/api/finances/payouts/transactions/${transaction?.id}/match`, { ledgerEntryId }],
      ['POST', '/api/finances/adjustments', { amountMinor: 100, reason: 'a reason' }],
      ['GET', '/api/finances/closing', undefined],
      ['POST', '/api/finances/closing', { through: '2020-01-31' }],
      ['GET', '/api/finances/account-codes', undefined],
      ['PUT', '/api/finances/account-codes', { codes: { fees: '622000' } }],
    ] as const;
  };

  it('refuses EVENT, MEMBER, DASHBOARD, SCAN-only, another organisation and anonymous callers; rows unchanged', async () => {
    const before = await reconciliationRows(app(), shop.organizationId);
    const stranger = await newShop(app());
    const people = [];
    for (const permissions of [['EVENT'], ['MEMBER'], ['DASHBOARD'], ['SCAN']] as Permission[][])
      people.push(await addStaff(app(), shop.organizationId, permissions));
    for (const [method, url, payload] of await calls()) {
      for (const person of [...people, stranger.admin]) {
        const response = await financesCall(app(), shop, method, url, payload, person.accessToken);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      const anonymous = await app().inject({
        method,
        url,
        payload,
        headers: { 'x-organization-id': shop.organizationId },
      });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await reconciliationRows(app(), shop.organizationId)).toEqual(before);
    // The stranger's own organisation sees none of these payouts.
    const [payout] = await payoutList(app(), shop);
    expect(
      (await financesCall(app(), stranger, 'GET', `/api/finances/payouts/${payout?.id}`)).statusCode,
    ).toBe(404);
    expect(await payoutList(app(), stranger)).toEqual([]);
  });

  it('admits ALL and FINANCE', async () => {
    const finance = await addStaff(app(), shop.organizationId, ['FINANCE']);
    for (const token of [shop.admin.accessToken, finance.accessToken]) {
      for (const [method, url, payload] of await calls()) {
        if (url.includes('/match')) continue; // matched above by FINANCE and ALL; this row is matched already
        const response = await financesCall(app(), shop, method, url, payload, token);
        expect([200, 201, 409], `${method} ${url} ${response.body}`).toContain(response.statusCode);
        if (!(method === 'POST' && url.endsWith('/closing') && token === finance.accessToken))
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(300);
      }
    }
  });
});

describe('bad input', () => {
  it('answers 400 with a code, never 5xx', async () => {
    const [payout] = await payoutList(app(), shop);
    const detail = await payoutDetailOf(app(), shop, payout?.stripePayoutId ?? '');
    const transactionId = detail.transactions[0]?.id;
    const bad: [string, string, object | undefined][] = [
      ['GET', '/api/finances/payouts?reconciliation=lost', undefined],
      ['GET', '/api/finances/payouts?limit=0', undefined],
      ['GET', '/api/finances/payouts/not-a-uuid', undefined],
      ['POST', '/api/finances/payouts/transactions/not-a-uuid/match', { ledgerEntryId: crypto.randomUUID() }],
      ['POST', `/api/finances/payouts/transactions/${transactionId}/match`, {}],
      ['POST', `/api/finances/payouts/transactions/${transactionId}/match`, { ledgerEntryId: 'entry' }],
      ['POST', '/api/finances/adjustments', {}],
      ['POST', '/api/finances/adjustments', { amountMinor: 0, reason: 'nothing' }],
      ['POST', '/api/finances/adjustments', { amountMinor: 1.5, reason: 'half a cent' }],
      ['POST', '/api/finances/adjustments', { amountMinor: 1e15, reason: 'too much' }],
      ['POST', '/api/finances/adjustments', { amountMinor: 100, reason: '' }],
      ['POST', '/api/finances/adjustments', { amountMinor: 100, reason: 'why', currency: 'euro' }],
      ['POST', '/api/finances/adjustments', { amountMinor: 100, reason: 'why', occurredAt: 'yesterday' }],
      ['POST', '/api/finances/adjustments', { amountMinor: 100, reason: 'why', eventId: 'event' }],
      [
        'POST',
        '/api/finances/adjustments',
        { amountMinor: 100, reason: 'why', occurredAt: '2999-01-01T00:00:00Z' },
      ],
      ['POST', '/api/finances/closing', {}],
      ['POST', '/api/finances/closing', { through: '2026-02-30' }],
      ['POST', '/api/finances/closing', { through: '2026-01-31', tz: 'Mars/Olympus' }],
      ['PUT', '/api/finances/account-codes', {}],
      ['PUT', '/api/finances/account-codes', { codes: { bank: 'has space' } }],
      ['PUT', '/api/finances/account-codes', { codes: { treasury: '512000' } }],
    ];
    const before = await reconciliationRows(app(), shop.organizationId);
    for (const [method, url, payload] of bad) {
      const response = await financesCall(app(), shop, method as 'GET' | 'POST' | 'PUT', url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error.code).toBe('argument-error');
    }
    const unknownPayout = await financesCall(
      app(),
      shop,
      'GET',
      `/api/finances/payouts/${crypto.randomUUID()}`,
    );
    expect(unknownPayout.statusCode).toBe(404);
    const unknownEntry = await financesCall(
      app(),
      shop,
      'POST',
      `/api/finances/payouts/transactions/${transactionId}/match`,
      {
        ledgerEntryId: crypto.randomUUID(),
      },
    );
    expect([404, 409]).toContain(unknownEntry.statusCode);
    const unknownEvent = await adjust({ amountMinor: 100, reason: 'why', eventId: crypto.randomUUID() });
    expect(unknownEvent.statusCode).toBe(404);
    expect(await reconciliationRows(app(), shop.organizationId)).toEqual(before);
  });

  it('ignores a payout event without a payout, and the recorded payout shape parses', async () => {
    expect(await s.fake.send('payout.paid', { id: 'not-a-payout' }, account)).toBe(200);
    const { payoutFromEvent } = await import('./payouts.service');
    expect(payoutFromEvent(recordedPayout())).toMatchObject({
      id: 'po_1QxFixtureRecorded0001',
      amountMinor: 9412,
      currency: 'EUR',
      status: 'paid',
    });
  });
});

describe('the payouts list', () => {
  it('pages newest first by cursor, each payout once; a forged cursor starts again', async () => {
    await paidCardOrder(s, shop, 1);
    await paidPayout();
    await paidCardOrder(s, shop, 1);
    await paidPayout();
    const all = await payoutList(app(), shop);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const response = await financesCall(app(), shop, 'GET', `/api/finances/payouts?limit=1${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<PayoutList>();
      expect(page.items.length).toBeLessThanOrEqual(1);
      walked.push(...page.items.map((payout) => payout.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.map((payout) => payout.id));
    const forged = Buffer.from(JSON.stringify(['not a date', crypto.randomUUID()])).toString('base64url');
    const again = await financesCall(app(), shop, 'GET', `/api/finances/payouts?limit=1&cursor=${forged}`);
    expect(again.json<PayoutList>().items[0]?.id).toBe(all[0]?.id);
  });
});
