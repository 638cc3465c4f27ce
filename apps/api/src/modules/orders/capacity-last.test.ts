import { uuidv7 } from '@guichet/db/ids';
import { rawRows, transactionEndingWith } from '@guichet/db/raw';
import { auditLog } from '@guichet/db/schema/teams';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { counts, newShop, TEST_ENV, typeId } from '../../../test/support/orders';
import { type CapacityLine, takeCapacity } from './capacity.repository';

// An order takes its places with the last statement of its transaction, which carries the COMMIT on
// PostgreSQL (`transactionEndingWith`). These tests hold that a refusal there commits nothing written
// before it, and that racing buyers still never take more than the capacity.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

class Refused extends Error {
  constructor(readonly shortOf: string[]) {
    super('places short');
  }
}

/** Writes an audit entry tagged `tag` (the first statement), then takes the places as the last one. */
function attempt(organizationId: string, lines: CapacityLine[], tag: string) {
  const first = {
    name: 'test_attempt',
    text: `insert into audit_log (id, organization_id, action, target_type, target_id)
      values ($1, $2, 'test.attempt', 'test', $3) returning id`,
    values: [uuidv7(), organizationId, tag],
  };
  return transactionEndingWith(t.app.ctx.db, first, async (tx, written, finish) => {
    expect(written).toHaveLength(1);
    const result = await takeCapacity(tx, organizationId, lines, 'sold', { finish });
    if (!result.taken) throw new Refused(result.shortOf);
    return result;
  });
}

/** The SQLSTATE of a driver's error, wrapped by the ORM or not. */
const sqlState = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

/** How many attempts tagged `tag` were committed. */
async function committed(organizationId: string, tag: string) {
  const rows = await t.app.ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.targetId, tag)));
  return rows.length;
}

describe('taking places as the statement that commits', () => {
  it('commits what was written before when the places are taken, nothing when they are short', async () => {
    const shop = await newShop(t.app, [{ name: 'Few', priceMinor: 0, capacity: 3 }]);
    const org = shop.organizationId;
    const line = { ticketTypeId: typeId(shop), quantity: 2 };
    expect(await attempt(org, [line], 'first')).toEqual({ taken: true });
    const refusal = await attempt(org, [line], 'second').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refused);
    expect((refusal as Refused).shortOf).toEqual([typeId(shop)]);
    expect(await committed(org, 'first')).toBe(1);
    expect(await committed(org, 'second')).toBe(0);
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 2, held: 0 });
    // The connection is usable afterwards: the last place still sells.
    expect(await attempt(org, [{ ...line, quantity: 1 }], 'third')).toEqual({ taken: true });
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 3, held: 0 });
  });

  it('rolls back places taken on a pool and a first ticket type when the last ticket type is short', async () => {
    const shop = await newShop(
      t.app,
      [
        { name: 'A', priceMinor: 0, capacity: 1, pool: true },
        { name: 'B', priceMinor: 0, capacity: 1, pool: true },
      ],
      { poolCapacity: 10 },
    );
    // Pools first, then ticket types in id order: the type whose id sorts last is taken by the committing
    // statement, after the pool and the other type.
    const [first, last] = [typeId(shop, 0), typeId(shop, 1)].sort() as [string, string];
    const lines = [
      { ticketTypeId: last, quantity: 2 },
      { ticketTypeId: first, quantity: 1 },
    ];
    const refusal = await attempt(shop.organizationId, lines, 'mixed').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refused);
    expect((refusal as Refused).shortOf).toEqual([last]);
    expect(await committed(shop.organizationId, 'mixed')).toBe(0);
    expect(await counts(t.app, shop.event.id)).toMatchObject({
      types: [
        { sold: 0, held: 0 },
        { sold: 0, held: 0 },
      ],
      pools: [{ sold: 0, held: 0 }],
    });
  });

  it.skipIf(!onPostgres)(
    '60 transactions racing for 10 places: exactly 10 commit, each with its own writes',
    async () => {
      const shop = await newShop(t.app, [{ name: 'Rush', priceMinor: 0, capacity: 10 }]);
      const org = shop.organizationId;
      const results = await Promise.allSettled(
        Array.from({ length: 60 }, () => attempt(org, [{ ticketTypeId: typeId(shop), quantity: 1 }], 'rush')),
      );
      const refused = results.filter(
        (result) => result.status === 'rejected' && result.reason instanceof Refused,
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      expect(refused).toHaveLength(50);
      expect(await committed(org, 'rush')).toBe(10);
      expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 10, held: 0 });
    },
  );

  it("checks the order rows' foreign keys at the commit: a missing parent still commits nothing", async () => {
    const shop = await newShop(t.app, [{ name: 'Few', priceMinor: 0, capacity: 3 }]);
    const org = shop.organizationId;
    // An audit entry of an organisation that does not exist: its check waits for the commit, then fails it.
    const first = {
      name: 'test_orphan',
      text: `insert into audit_log (id, organization_id, action, target_type, target_id)
        values ($1, $2, 'test.attempt', 'test', 'orphan') returning id`,
      values: [uuidv7(), uuidv7()],
    };
    const failure = await transactionEndingWith(t.app.ctx.db, first, async (tx, _written, finish) =>
      takeCapacity(tx, org, [{ ticketTypeId: typeId(shop), quantity: 2 }], 'sold', { finish }),
    ).catch((error: unknown) => error);
    expect(sqlState(failure)).toBe('23503');
    expect((await counts(t.app, shop.event.id)).types[0]).toMatchObject({ sold: 0, held: 0 });
    // The connection is usable afterwards.
    expect(await attempt(org, [{ ticketTypeId: typeId(shop), quantity: 3 }], 'after')).toEqual({
      taken: true,
    });
  });

  it.skipIf(!onPostgres)(
    'an order in flight holds no lock on the organisation row every other order shares',
    async () => {
      const shop = await newShop(t.app, [{ name: 'Few', priceMinor: 0, capacity: 3 }]);
      const org = shop.organizationId;
      const first = {
        name: 'test_attempt_in_flight',
        text: `insert into audit_log (id, organization_id, action, target_type, target_id)
          values ($1, $2, 'test.attempt', 'test', $3) returning id`,
        values: [uuidv7(), org, 'in-flight'],
      };
      await transactionEndingWith(t.app.ctx.db, first, async (tx, _written, finish) => {
        // Checked as the row was written, the foreign key would hold FOR KEY SHARE on the organisation
        // until the commit, and this would fail at once (55P03); every concurrent order would share it.
        const locked = await rawRows(t.app.ctx.db, {
          name: 'test_lock_organization',
          text: 'select id from organizations where id = $1 for update nowait',
          values: [org],
        });
        expect(locked).toHaveLength(1);
        return takeCapacity(tx, org, [{ ticketTypeId: typeId(shop), quantity: 1 }], 'sold', { finish });
      });
      expect(await committed(org, 'in-flight')).toBe(1);
    },
  );
});
