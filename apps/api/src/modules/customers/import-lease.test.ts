import { customerImports } from '@guichet/db/schema/customer-records';
import type { CustomerImport } from '@guichet/shared/customer-records';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { orgHeaders } from '../../../test/support/teams';
import { importSweepJob } from './import.job';
import * as imports from './import.repository';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

function upload(shop: Shop, body: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customer-imports?email=0&name=1',
    headers: { ...orgHeaders(shop.admin.accessToken, shop.organizationId), 'content-type': 'text/csv' },
    payload: body,
  });
}

async function state(shop: Shop, id: string) {
  const polled = await shop.call('GET', `/api/customer-imports/${id}`);
  expect(polled.statusCode, polled.body).toBe(200);
  return polled.json<CustomerImport>();
}

async function finished(shop: Shop, id: string) {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const current = await state(shop, id);
    if (current.status !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not finish');
}

/** An import row as a process that then stopped would have left it: running, its lease `ageMs` ago. */
async function leftRunning(shop: Shop, leaseAgeMs: number) {
  const row = await imports.insertImport(t.app.ctx.db, {
    organizationId: shop.organizationId,
    dryRun: false,
    sizeBytes: 100,
    createdBy: shop.admin.user.id,
  });
  await t.app.ctx.db
    .update(customerImports)
    .set({ leaseUntil: new Date(Date.now() - leaseAgeMs) })
    .where(eq(customerImports.id, row.id));
  return row;
}

/** A CSV of `count` people under a header line. */
const rowsOf = (count: number, prefix: string) =>
  [
    'E-mail,Name',
    ...Array.from({ length: count }, (_, index) => `${prefix}-${index}@example.com,Person ${index}`),
  ].join('\n');

describe('imports whose process stopped', () => {
  it('the sweep fails a running import whose lease has passed, as interrupted, and leaves a live one', async () => {
    const shop = await newShop(t.app);
    const abandoned = await leftRunning(shop, 1_000);
    // A fresh row's lease starts in the future: its process has time to renew it.
    const live = await imports.insertImport(t.app.ctx.db, {
      organizationId: shop.organizationId,
      dryRun: false,
      sizeBytes: 100,
      createdBy: shop.admin.user.id,
    });
    const ran = await importSweepJob(t.app.ctx.db, t.app.log).runOnce();
    expect(ran).toBe(true);
    expect(await state(shop, abandoned.id)).toMatchObject({ status: 'failed', failureReason: 'interrupted' });
    expect((await state(shop, abandoned.id)).finishedAt).not.toBeNull();
    expect(await state(shop, live.id)).toMatchObject({ status: 'running', failureReason: null });
    // A late save from the stopped process cannot bring it back: it is told to stop.
    const saved = await imports.updateImport(t.app.ctx.db, shop.organizationId, abandoned.id, {
      processedBytes: 100,
      rows: 1,
      created: 1,
      updated: 0,
      rejected: 0,
      errors: [],
      status: 'done',
      finished: true,
    });
    expect(saved).toBe(false);
    expect(await state(shop, abandoned.id)).toMatchObject({ status: 'failed', rows: 0 });
    expect(await imports.renewLease(t.app.ctx.db, shop.organizationId, abandoned.id)).toBe(false);
  });

  it('two sweeps at once fail an expired import once', async () => {
    const shop = await newShop(t.app);
    const abandoned = await leftRunning(shop, 5_000);
    const [first, second] = await Promise.all([
      imports.failExpiredImports(t.app.ctx.db),
      imports.failExpiredImports(t.app.ctx.db),
    ]);
    const hits = [...first, ...second].filter((row) => row.id === abandoned.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.organizationId).toBe(shop.organizationId);
  });

  it('a finished import is never swept, and its lease was renewed while it ran', async () => {
    const shop = await newShop(t.app);
    const started = await upload(shop, rowsOf(1_200, 'done'));
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<CustomerImport>();
    const done = await finished(shop, id);
    expect(done).toMatchObject({ status: 'done', rows: 1_200, created: 1_200, failureReason: null });
    // Even with its lease long past, a finished import stays done.
    await t.app.ctx.db
      .update(customerImports)
      .set({ leaseUntil: new Date(0) })
      .where(eq(customerImports.id, id));
    await importSweepJob(t.app.ctx.db, t.app.log).runOnce();
    expect(await state(shop, id)).toMatchObject({ status: 'done', failureReason: null });
  });

  it('an import stalled past its lease is failed by the sweep and its job stops instead of finishing it', async () => {
    const shop = await newShop(t.app);
    const started = await upload(shop, rowsOf(20_000, 'stalled'));
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<CustomerImport>();
    // As if its process had stopped renewing: the lease is past while the job is still going.
    await t.app.ctx.db
      .update(customerImports)
      .set({ leaseUntil: new Date(0) })
      .where(eq(customerImports.id, id));
    await importSweepJob(t.app.ctx.db, t.app.log).runOnce();
    const swept = await state(shop, id);
    expect(swept).toMatchObject({ status: 'failed', failureReason: 'interrupted' });
    expect(swept.rows).toBeLessThan(20_000);
    // The job's next save finds the import no longer running and stops: no more progress, never 'done'.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const later = await state(shop, id);
    expect(later).toMatchObject({ status: 'failed', failureReason: 'interrupted', rows: swept.rows });
  });
});
