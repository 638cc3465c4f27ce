import type { FinancesSummary } from '@guichet/shared/finances';
import type { PayoutList } from '@guichet/shared/payouts';
import type { StaffMe } from '@guichet/shared/staffs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodQuery } from '../../test/support/finances';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { orgHeaders } from '../../test/support/teams';
import { checkLedger } from '../modules/ledger/ledger.service';
import { DEMO_ACCOUNT, seedDemo } from './demo';

describe('demo money', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.ctx, t.app.log);
  });
  afterAll(() => t.close());

  it('shows believable figures on /finances, from a ledger with drift 0', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: DEMO_ACCOUNT });
    const { accessToken } = signIn.json() as { accessToken: string };
    const organizations = await t.app.inject({
      method: 'GET',
      url: '/api/staffs/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(organizations.statusCode).toBe(200);
    const me = organizations.json() as StaffMe;
    const demo = me.staffOrganization.find((entry) => entry.organization.name === 'Demo Events');
    expect(demo).toBeDefined();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/finances/summary?${periodQuery()}`,
      headers: orgHeaders(accessToken, demo?.organization_id ?? ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [eur] = response.json<FinancesSummary>().currencies;
    expect(eur?.grossMinor).toBeGreaterThan(10_000);
    expect(eur?.refundsMinor).toBe(500);
    expect(eur?.byEvent.length).toBeGreaterThanOrEqual(2);
    expect(await checkLedger(t.app.ctx.db, null)).toEqual([]);
    // One Stripe payout reconciled, one flagged in the inbox.
    const payouts = await t.app.inject({
      method: 'GET',
      url: '/api/finances/payouts',
      headers: orgHeaders(accessToken, demo?.organization_id ?? ''),
    });
    expect(payouts.statusCode, payouts.body).toBe(200);
    expect(
      payouts
        .json<PayoutList>()
        .items.map((payout) => payout.reconciliation)
        .sort(),
    ).toEqual(['flagged', 'reconciled']);
  });
});
