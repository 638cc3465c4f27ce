import { randomUUID } from 'node:crypto';
import { checkinConflicts, checkinLog, checkinPresence } from '@guichet/db/schema/scan';
import type { RedeemAnswer, SyncResponse } from '@guichet/shared/scan';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  addList,
  anotherInstance,
  type Door,
  issue,
  newDoor,
  scan,
  TEST_ENV,
} from '../../../test/support/scan';
import { orgHeaders } from '../../../test/support/teams';

// PGlite has one connection, so nothing runs concurrently there: these tests need PostgreSQL
// (TEST_DATABASE_URL). They would fail if presence were read and then written (two scanners would both
// see "never"), if a nonce were checked before being claimed, or if syncs locked rows in different orders.

let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

async function deadlocks(): Promise<number> {
  const result = (await t.app.ctx.db.execute(
    sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const post = (url: string, payload: object) => door.shop.call('POST', url, payload);

async function presenceOf(listId: string, ticketId: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(checkinPresence)
    .where(and(eq(checkinPresence.listId, listId), eq(checkinPresence.ticketId, ticketId)));
  return row;
}

describe.skipIf(!onPostgres)('check-in under concurrency (PostgreSQL)', () => {
  it('50 scanners redeeming one ticket at once: exactly one ok, 49 already used, no 5xx', async () => {
    const [ticket] = await issue(door.shop);
    const before = await deadlocks();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post('/api/scan/redeem', scan(ticket!.secret, [door.list.id], { deviceId: `gate-${index}` })),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const answers = responses.map((response) => response.json<RedeemAnswer>());
    expect(answers.filter((answer) => answer.result === 'ok')).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.result === 'refused' && answer.reason === 'already-used'),
    ).toHaveLength(49);
    expect((await presenceOf(door.list.id, ticket!.id))?.entries).toBe(1);
    const log = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket!.id));
    expect(log).toHaveLength(50);
    expect(log.filter((row) => row.admitted)).toHaveLength(1);
    expect(await deadlocks()).toBe(before);
  });

  it('50 scanners through four app instances at once, each batching its own: exactly one ok', async () => {
    // Within one instance, scans of one ticket go in successive batches; across instances (or
    // processes), only the database's row lock stands between them.
    const others = await Promise.all(Array.from({ length: 3 }, () => anotherInstance(t.app)));
    try {
      const [ticket] = await issue(door.shop);
      const apps = [t.app, ...others];
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          apps[index % apps.length]!.inject({
            method: 'POST',
            url: '/api/scan/redeem',
            headers: orgHeaders(door.shop.admin.accessToken, door.shop.organizationId),
            payload: scan(ticket!.secret, [door.list.id], { deviceId: `gate-${index}` }),
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      const answers = responses.map((response) => response.json<RedeemAnswer>());
      expect(answers.filter((answer) => answer.result === 'ok')).toHaveLength(1);
      expect((await presenceOf(door.list.id, ticket!.id))?.entries).toBe(1);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });

  it('50 exits of one ticket inside at once: exactly one ok', async () => {
    const list = await addList(door.shop, { name: 'Re-entry', allowReentry: true });
    const [ticket] = await issue(door.shop);
    expect(
      (await post('/api/scan/redeem', scan(ticket!.secret, [list.id]))).json<RedeemAnswer>().result,
    ).toBe('ok');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/api/scan/redeem', scan(ticket!.secret, [list.id], { direction: 'exit' })),
      ),
    );
    const answers = responses.map((response) => response.json<RedeemAnswer>());
    expect(answers.filter((answer) => answer.result === 'ok')).toHaveLength(1);
    expect((await presenceOf(list.id, ticket!.id))?.state).toBe('outside');
  });

  it('one nonce sent 20 times at once: one record, one entry, the same answer everywhere', async () => {
    // Multiple entries: a nonce counted twice would show as two entries.
    const list = await addList(door.shop, { name: 'Passes', allowMultipleEntries: true });
    const [ticket] = await issue(door.shop);
    const body = scan(ticket!.secret, [list.id]);
    const responses = await Promise.all(Array.from({ length: 20 }, () => post('/api/scan/redeem', body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const answers = responses.map((response) => response.json<RedeemAnswer>());
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.result).toBe('ok');
    expect((await presenceOf(list.id, ticket!.id))?.entries).toBe(1);
    const log = await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.nonce, body.nonce));
    expect(log).toHaveLength(1);
  });

  it('syncs from several devices and online scans of the same tickets at once: all recorded, no deadlock', async () => {
    const list = await addList(door.shop, { name: 'Festival' });
    const tickets = await issue(door.shop, 5);
    const before = await deadlocks();
    const minute = 60_000;
    const batches = Array.from({ length: 6 }, (_, device) => ({
      deviceId: `phone-${device}`,
      // Each device admitted every ticket, in its own order.
      scans: tickets
        .map((ticket, index) => ({
          nonce: randomUUID(),
          secret: ticket.secret,
          listIds: [list.id],
          direction: 'entry' as const,
          scannedAt: new Date(Date.now() - (device * 5 + index + 1) * minute).toISOString(),
          decision: { result: 'ok' as const, reason: null },
        }))
        .reverse(),
    }));
    const online = tickets.map((ticket) => post('/api/scan/redeem', scan(ticket.secret, [list.id])));
    const responses = await Promise.all([
      ...batches.map((batch) => post('/api/scan/sync', batch)),
      ...online,
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(responses.length).fill(200));
    const synced = responses.slice(0, batches.length).map((response) => response.json<SyncResponse>());
    expect(synced.flatMap((result) => result.results).every((result) => result.recorded)).toBe(true);
    for (const ticket of tickets) {
      const presence = await presenceOf(list.id, ticket.id);
      expect(presence?.state).toBe('inside');
      const admitted = (
        await t.app.ctx.db.select().from(checkinLog).where(eq(checkinLog.ticketId, ticket.id))
      ).filter((row) => row.admitted && row.listId === list.id);
      // Every admission is a conflict with the first one in scan time.
      const conflicts = await t.app.ctx.db
        .select()
        .from(checkinConflicts)
        .where(and(eq(checkinConflicts.ticketId, ticket.id), eq(checkinConflicts.listId, list.id)));
      expect(conflicts).toHaveLength(admitted.length - 1);
      expect(presence?.entries).toBe(admitted.length);
    }
    expect(await deadlocks()).toBe(before);
  });
});
