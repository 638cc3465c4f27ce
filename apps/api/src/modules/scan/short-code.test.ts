import { randomUUID } from 'node:crypto';
import { tickets } from '@guichet/db/schema/orders';
import type { OfflineScan, OfflineSnapshot, SyncResponse } from '@guichet/shared/scan';
import { formatTicketCode, parseTicketCode } from '@guichet/shared/ticket-code';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { type Door, issue, newDoor, reasonOf, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { addStaff } from '../../../test/support/teams';

const WRONG_LIMIT = 3;
let t: TestContext;
let door: Door;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, SCAN_WRONG_CODES_PER_MINUTE: String(WRONG_LIMIT) });
  door = await newDoor(t.app);
}, 180_000);
afterAll(async () => t.close());

async function sync(scans: OfflineScan[], deviceId = 'phone-offline') {
  const response = await door.shop.call('POST', '/api/scan/sync', { deviceId, scans });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SyncResponse>();
}

function offline(secret: string, decision: OfflineScan['decision']): OfflineScan {
  return {
    nonce: randomUUID(),
    secret,
    listIds: [door.list.id],
    direction: 'entry',
    scannedAt: new Date().toISOString(),
    decision,
  };
}

describe('short ticket codes', () => {
  it('gives every ticket a valid code, unique in the organisation, shown once the order is paid', async () => {
    const issued = await issue(door.shop, 3);
    const codes = issued.map((ticket) => ticket.shortCode);
    for (const code of codes) expect(parseTicketCode(code)).toBe(code);
    expect(new Set(codes).size).toBe(3);
  });

  it('makes valid codes in the database too (rows written without one, and the tickets before the column)', async () => {
    const result = (await t.app.ctx.db.execute(
      sql`select guichet_ticket_code() as code from generate_series(1, 200)`,
    )) as unknown as { rows: { code: string }[] };
    const codes = result.rows.map((row) => row.code);
    for (const code of codes) expect(parseTicketCode(code), code).toBe(code);
    expect(new Set(codes).size).toBe(200);
  });

  it('admits a typed code online, as people type it, and refuses it the second time', async () => {
    const [ticket] = await issue(door.shop, 1, 0, ['Ada Typed']);
    const typed = formatTicketCode(ticket!.shortCode).toLowerCase();
    const first = await redeem(door.shop, scan(typed, [door.list.id]));
    expect(first).toMatchObject({ result: 'ok', ticket: { id: ticket!.id, attendeeName: 'Ada Typed' } });
    const second = await redeem(door.shop, scan(ticket!.shortCode, [door.list.id]));
    expect(reasonOf(second)).toBe('already-used');
    // The QR secret of the same ticket is the same ticket.
    expect(reasonOf(await redeem(door.shop, scan(ticket!.secret, [door.list.id])))).toBe('already-used');
  });

  it('puts the codes in the offline snapshot and admits a typed code synced from offline once', async () => {
    const [ticket] = await issue(door.shop);
    const response = await door.shop.call('GET', `/api/scan/snapshot?listIds=${door.list.id}`);
    expect(response.statusCode).toBe(200);
    const snapshot = response.json<OfflineSnapshot>();
    expect(snapshot.tickets.find((row) => row.id === ticket!.id)?.shortCode).toBe(ticket!.shortCode);

    const first = await sync([offline(ticket!.shortCode, { result: 'ok', reason: null })]);
    expect(first.results[0]?.verdict).toMatchObject({ result: 'ok', ticket: { id: ticket!.id } });
    const again = await sync([offline(ticket!.shortCode, { result: 'refused', reason: 'already-used' })]);
    expect(reasonOf(again.results[0]!.verdict)).toBe('already-used');
    expect(reasonOf(await redeem(door.shop, scan(ticket!.shortCode, [door.list.id])))).toBe('already-used');
  });

  it('does not find another organisation’s code', async () => {
    const other = await newDoor(t.app);
    const [foreign] = await issue(other.shop);
    const steward = await addStaff(t.app, door.shop.organizationId, ['SCAN'], 'Other Steward');
    const call = client(t.app, steward.accessToken, door.shop.organizationId);
    const answer = await redeem(door.shop, scan(foreign!.shortCode, [door.list.id]), call);
    expect(answer).toMatchObject({ result: 'refused', reason: 'invalid', ticket: null });
  });

  it('limits wrong typed codes per device and person: past the limit every typed code waits', async () => {
    const [ticket] = await issue(door.shop);
    const steward = await addStaff(t.app, door.shop.organizationId, ['SCAN'], 'Guessing Steward');
    const call = client(t.app, steward.accessToken, door.shop.organizationId);
    const guess = (code: string, deviceId = 'guessing-phone') =>
      call('POST', '/api/scan/redeem', scan(code, [door.list.id], { deviceId }));
    const wrong = ticket!.shortCode.startsWith('0')
      ? `1${ticket!.shortCode.slice(1)}`
      : `0${ticket!.shortCode.slice(1)}`;
    for (let i = 0; i < WRONG_LIMIT; i += 1) {
      const response = await guess(i === 0 ? wrong : `NOPE${i}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ result: 'refused', reason: 'invalid' });
    }
    const over = await guess('WRONGCODE99');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Right or wrong, from this device or another of the same person, until the minute ends.
    expect((await guess(ticket!.shortCode)).statusCode).toBe(429);
    expect((await guess(ticket!.shortCode, 'another-phone')).statusCode).toBe(429);
    // QR secrets are not typed codes: they still scan.
    const qr = await call(
      'POST',
      '/api/scan/redeem',
      scan(ticket!.secret, [door.list.id], { deviceId: 'guessing-phone' }),
    );
    expect(qr.statusCode).toBe(200);
    // Other door staff are not held up.
    const [other] = await issue(door.shop);
    expect(reasonOf(await redeem(door.shop, scan(other!.shortCode, [door.list.id])))).toBe('ok');
  });

  it('keeps the code with the ticket row', async () => {
    const [ticket] = await issue(door.shop);
    const [row] = await t.app.ctx.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(row?.shortCode).toBe(ticket!.shortCode);
  });
});
