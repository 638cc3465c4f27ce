import type { Database } from '@guichet/db/client';
import { ledgerEntries } from '@guichet/db/schema/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop } from '../../../test/support/orders';
import { foldLedger } from '../ledger/rollup.repository';
import { changeSignature } from './figures.repository';

/**
 * The live dashboards' change signature moves with every ledger row of the organisation, whether the
 * roll-up has folded it or not, and a fold alone does not move it; other organisations' rows do not.
 */

let t: TestContext;
let db: Database;
beforeAll(async () => {
  t = await createTestApp();
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
});
