import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyAdmission, emptyPresence, judgeScan, parseTicketSecret, type RuleList } from './scan-rules';

const list = (overrides: Partial<RuleList> = {}): RuleList => ({
  id: randomUUID(),
  name: 'Gate',
  allTicketTypes: true,
  ticketTypeIds: [],
  startsAt: null,
  endsAt: null,
  allowReentry: false,
  allowMultipleEntries: false,
  ...overrides,
});

describe('judgeScan', () => {
  const eventId = randomUUID();
  const type = randomUUID();
  const ticket = { eventId, ticketTypeId: type, status: 'valid' as const };
  const base = { eventId, direction: 'entry' as const, at: Date.parse('2026-06-01T20:00:00Z') };

  it('judges validity before presence, in the catalogue’s order', () => {
    const gate = list();
    const inside = () => 'inside' as const;
    expect(judgeScan({ ...base, lists: [gate], ticket: null, presenceOf: inside })).toMatchObject({
      reason: 'unknown',
    });
    expect(
      judgeScan({ ...base, lists: [gate], ticket: { ...ticket, eventId: randomUUID() }, presenceOf: inside }),
    ).toMatchObject({ reason: 'wrong-event' });
    expect(
      judgeScan({
        ...base,
        lists: [list({ allTicketTypes: false, ticketTypeIds: [randomUUID()] })],
        ticket,
        presenceOf: inside,
      }),
    ).toMatchObject({ reason: 'wrong-list' });
    const later = list({ startsAt: '2026-06-01T21:00:00Z' });
    expect(judgeScan({ ...base, lists: [later], ticket, presenceOf: inside })).toMatchObject({
      reason: 'not-yet-valid',
    });
    const closed = list({ endsAt: '2026-06-01T20:00:00Z' });
    expect(judgeScan({ ...base, lists: [closed], ticket, presenceOf: inside })).toMatchObject({
      reason: 'window-closed',
    });
    expect(
      judgeScan({ ...base, lists: [gate], ticket: { ...ticket, status: 'refunded' }, presenceOf: inside }),
    ).toMatchObject({ reason: 'refunded' });
    expect(judgeScan({ ...base, lists: [gate], ticket, presenceOf: inside })).toMatchObject({
      reason: 'already-used',
    });
    expect(judgeScan({ ...base, lists: [gate], ticket, presenceOf: () => 'never' })).toEqual({
      result: 'ok',
      listId: gate.id,
    });
  });

  it('uses the first list covering the ticket type', () => {
    const other = list({ allTicketTypes: false, ticketTypeIds: [randomUUID()] });
    const covering = list({ allTicketTypes: false, ticketTypeIds: [type] });
    expect(judgeScan({ ...base, lists: [other, covering], ticket, presenceOf: () => 'never' })).toEqual({
      result: 'ok',
      listId: covering.id,
    });
  });

  it('moves presence on admissions, and an exit of a ticket not inside changes nothing', () => {
    const start = emptyPresence('list');
    expect(applyAdmission(start, 'exit', '2026-06-01T20:00:00Z', 'a')).toEqual(start);
    const inside = applyAdmission(start, 'entry', '2026-06-01T20:00:00Z', 'a');
    expect(inside).toMatchObject({ state: 'inside', entries: 1, lastDeviceId: 'a' });
    expect(applyAdmission(inside, 'exit', '2026-06-01T21:00:00Z', 'b')).toMatchObject({
      state: 'outside',
      entries: 1,
    });
  });
});

describe('parseTicketSecret', () => {
  it('reads the ids and signature the server signed, and refuses other texts', () => {
    const pair = generateKeyPairSync('ed25519');
    const ticketId = randomUUID();
    const eventId = randomUUID();
    const hex = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
    const payload = Buffer.concat([Buffer.from([1]), hex(ticketId), hex(eventId)]);
    const secret = Buffer.concat([payload, sign(null, payload, pair.privateKey)]).toString('base64url');
    const parsed = parseTicketSecret(secret);
    expect(parsed).toMatchObject({ ticketId, eventId });
    expect(verify(null, parsed!.payload, pair.publicKey, parsed!.signature)).toBe(true);
    expect(parseTicketSecret('not a secret')).toBeNull();
    expect(parseTicketSecret(secret.slice(0, -2))).toBeNull();
    expect(
      parseTicketSecret(
        Buffer.concat([Buffer.from([2]), payload.subarray(1), Buffer.alloc(64)]).toString('base64url'),
      ),
    ).toBeNull();
  });
});
