import type { FinanceDocument, VatReport } from '@guichet/shared/finances';
import type { StaffMe } from '@guichet/shared/staffs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodQuery } from '../../test/support/finances';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { orgHeaders } from '../../test/support/teams';
import { DEMO_ACCOUNT, seedDemo } from './demo';

describe('demo VAT and documents', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.ctx, t.app.log);
  }, 180_000);
  afterAll(() => t.close());

  it('sells with VAT at two rates and shows receipts, invoices and a credit note', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: DEMO_ACCOUNT });
    const { accessToken } = signIn.json() as { accessToken: string };
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/api/staffs/me',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json() as StaffMe;
    const demo = me.staffOrganization.find((entry) => entry.organization.name === 'Demo Events');
    const headers = orgHeaders(accessToken, demo?.organization_id ?? '');
    const vat = await t.app.inject({ method: 'GET', url: `/api/finances/vat?${periodQuery()}`, headers });
    expect(vat.statusCode, vat.body).toBe(200);
    const report = vat.json<VatReport>();
    expect(report.registered).toBe(true);
    const rates = report.currencies[0]?.lines.map((line) => line.rateBp);
    expect(rates).toEqual(expect.arrayContaining([550, 2000]));
    const documents = await t.app.inject({
      method: 'GET',
      url: '/api/finances/documents?limit=200',
      headers,
    });
    const kinds = documents.json<{ items: FinanceDocument[] }>().items.map((item) => item.kind);
    expect(kinds.filter((kind) => kind === 'receipt').length).toBeGreaterThanOrEqual(2);
    expect(kinds.filter((kind) => kind === 'invoice')).toHaveLength(2);
    // The refunded order's invoice came with the credit note of its refund.
    expect(kinds.filter((kind) => kind === 'credit_note')).toHaveLength(1);
  });
});
