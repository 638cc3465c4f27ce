import type { CheckinList, OfflineSnapshot, SnapshotTicket } from '@guichet/shared/scan';
import { formatTicketCode, newTicketCode } from '@guichet/shared/ticket-code';
import { describe, expect, it } from 'vitest';
import { buildPresence, decideLocally, ticketsById, ticketsByShortCode, typedTicket } from './local-decision';
import type { ScanRecord } from './scan-record';

const ORG = '00000000-0000-4000-8000-000000000001';
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const OTHER_EVENT = '00000000-0000-4000-8000-0000000000e2';
const MAIN = '00000000-0000-4000-8000-0000000000a1';
const VIP = '00000000-0000-4000-8000-0000000000a2';
const STANDARD = '00000000-0000-4000-8000-0000000000b1';
const BACKSTAGE = '00000000-0000-4000-8000-0000000000b2';
const T1 = '00000000-0000-4000-8000-0000000000c1';
const T2 = '00000000-0000-4000-8000-0000000000c2';
const T3 = '00000000-0000-4000-8000-0000000000c3';
const T_UNPAID = '00000000-0000-4000-8000-0000000000c4';
const T_CANCELLED = '00000000-0000-4000-8000-0000000000c5';
const DEVICE = 'gate-1';
const GENERATED = '2026-06-01T17:00:00.000Z';
const AT = Date.parse('2026-06-01T18:00:00.000Z');

function list(id: string, changes: Partial<CheckinList> = {}): CheckinList {
  return {
    id,
    eventId: EVENT,
    name: id === MAIN ? 'Main gate' : 'VIP',
    allTicketTypes: true,
    ticketTypeIds: [],
    startsAt: null,
    endsAt: null,
    allowReentry: false,
    allowMultipleEntries: false,
    capacityAlert: null,
    createdAt: GENERATED,
    updatedAt: GENERATED,
    ...changes,
  };
}

function ticket(id: string, changes: Partial<SnapshotTicket> = {}): SnapshotTicket {
  return {
    id,
    status: 'valid',
    ticketTypeId: STANDARD,
    attendeeName: 'Ada',
    orderCode: 'ABC123',
    shortCode: newTicketCode(),
    presence: [],
    ...changes,
  };
}

function snapshot(lists: CheckinList[], tickets: SnapshotTicket[]): OfflineSnapshot {
  return {
    organizationId: ORG,
    eventId: EVENT,
    publicKey: 'key',
    lists,
    ticketTypes: [
      { id: STANDARD, name: 'Standard' },
      { id: BACKSTAGE, name: 'Backstage' },
    ],
    tickets,
    generatedAt: GENERATED,
  };
}

function record(ticketId: string, changes: Partial<ScanRecord> = {}): ScanRecord {
  return {
    nonce: crypto.randomUUID(),
    organizationId: ORG,
    eventId: EVENT,
    secret: `secret-${ticketId}`,
    ticketId,
    listIds: [MAIN],
    direction: 'entry',
    scannedAt: '2026-06-01T17:30:00.000Z',
    decidedBy: 'device',
    result: 'ok',
    reason: null,
    listId: MAIN,
    listName: 'Main gate',
    attendeeName: 'Ada',
    ticketTypeName: 'Standard',
    alreadyUsed: null,
    synced: false,
    serverAt: null,
    serverResult: null,
    conflictIds: [],
    ...changes,
  };
}

function decide(
  snap: OfflineSnapshot,
  own: ScanRecord[],
  verified: { ticketId: string; eventId: string } | null,
  options: { listIds?: string[]; direction?: 'entry' | 'exit'; at?: number } = {},
) {
  return decideLocally({
    snapshot: snap,
    tickets: ticketsById(snap),
    presence: buildPresence(snap, own, DEVICE),
    verified,
    listIds: options.listIds ?? [MAIN],
    direction: options.direction ?? 'entry',
    at: options.at ?? AT,
  });
}

describe('deciding offline', () => {
  const base = snapshot(
    [list(MAIN), list(VIP, { allTicketTypes: false, ticketTypeIds: [BACKSTAGE] })],
    [
      ticket(T1),
      ticket(T2, { ticketTypeId: BACKSTAGE, attendeeName: 'Grace' }),
      ticket(T3, {
        presence: [{ listId: MAIN, state: 'inside', entries: 1, lastAt: GENERATED, lastDeviceId: 'gate-2' }],
      }),
      ticket(T_UNPAID, { status: 'unpaid' }),
      ticket(T_CANCELLED, {
        status: 'cancelled',
        presence: [{ listId: MAIN, state: 'inside', entries: 1, lastAt: GENERATED, lastDeviceId: 'gate-2' }],
      }),
    ],
  );

  it('admits a valid ticket once, then refuses it as already used on this device', () => {
    const first = decide(base, [], { ticketId: T1, eventId: EVENT });
    expect(first.verdict).toEqual({ result: 'ok', listId: MAIN });
    expect(first.ticket?.attendeeName).toBe('Ada');
    const again = decide(base, [record(T1)], { ticketId: T1, eventId: EVENT });
    expect(again.verdict).toEqual({ result: 'refused', reason: 'already-used', listId: MAIN });
    expect(again.lastAdmission?.lastAt).toBe('2026-06-01T17:30:00.000Z');
  });

  it('refuses what the snapshot knows to be inside already (admitted by another gate)', () => {
    const verdict = decide(base, [], { ticketId: T3, eventId: EVENT });
    expect(verdict.verdict).toMatchObject({ result: 'refused', reason: 'already-used' });
    expect(verdict.lastAdmission?.lastDeviceId).toBe('gate-2');
  });

  it('gives the reasons in the catalogue order: validity before "already used"', () => {
    expect(decide(base, [], null).verdict).toMatchObject({ reason: 'invalid' });
    expect(
      decide(base, [], { ticketId: '00000000-0000-4000-8000-0000000000ff', eventId: EVENT }).verdict,
    ).toMatchObject({
      reason: 'unknown',
    });
    expect(decide(base, [], { ticketId: T1, eventId: OTHER_EVENT }).verdict).toMatchObject({
      reason: 'wrong-event',
    });
    expect(decide(base, [], { ticketId: T1, eventId: EVENT }, { listIds: [VIP] }).verdict).toMatchObject({
      reason: 'wrong-list',
    });
    expect(decide(base, [], { ticketId: T_UNPAID, eventId: EVENT }).verdict).toMatchObject({
      reason: 'unpaid',
    });
    // Cancelled and inside: cancelled is said first.
    expect(decide(base, [], { ticketId: T_CANCELLED, eventId: EVENT }).verdict).toMatchObject({
      reason: 'cancelled',
    });
  });

  it('judges with the first of the gate lists that covers the ticket type', () => {
    expect(decide(base, [], { ticketId: T2, eventId: EVENT }, { listIds: [VIP, MAIN] }).verdict).toEqual({
      result: 'ok',
      listId: VIP,
    });
  });

  it('respects the window of the list', () => {
    const windowed = snapshot(
      [list(MAIN, { startsAt: '2026-06-01T19:00:00.000Z', endsAt: '2026-06-01T23:00:00.000Z' })],
      [ticket(T1)],
    );
    expect(decide(windowed, [], { ticketId: T1, eventId: EVENT }).verdict).toMatchObject({
      reason: 'not-yet-valid',
    });
    expect(
      decide(windowed, [], { ticketId: T1, eventId: EVENT }, { at: Date.parse('2026-06-01T23:00:00.000Z') })
        .verdict,
    ).toMatchObject({ reason: 'window-closed' });
    expect(
      decide(windowed, [], { ticketId: T1, eventId: EVENT }, { at: Date.parse('2026-06-01T20:00:00.000Z') })
        .verdict,
    ).toMatchObject({ result: 'ok' });
  });

  it('lets a ticket back in after its exit only where re-entry is allowed', () => {
    const exit = record(T1, { direction: 'exit', scannedAt: '2026-06-01T17:40:00.000Z' });
    const strict = decide(base, [record(T1), exit], { ticketId: T1, eventId: EVENT });
    expect(strict.verdict).toMatchObject({ reason: 'already-used' });
    const reentry = snapshot([list(MAIN, { allowReentry: true })], [ticket(T1)]);
    expect(decide(reentry, [record(T1), exit], { ticketId: T1, eventId: EVENT }).verdict).toMatchObject({
      result: 'ok',
    });
    // Order of the device's own scans is by scan time, not by storage order.
    expect(decide(reentry, [exit, record(T1)], { ticketId: T1, eventId: EVENT }).verdict).toMatchObject({
      result: 'ok',
    });
  });

  it('refuses an exit of a ticket that is not inside, and admits multiple entries where allowed', () => {
    expect(decide(base, [], { ticketId: T1, eventId: EVENT }, { direction: 'exit' }).verdict).toMatchObject({
      reason: 'not-inside',
    });
    const multiple = snapshot([list(MAIN, { allowMultipleEntries: true })], [ticket(T1)]);
    expect(
      decide(multiple, [record(T1), record(T1)], { ticketId: T1, eventId: EVENT }).verdict,
    ).toMatchObject({
      result: 'ok',
    });
  });

  it('does not count twice what the server already had when it took the snapshot', () => {
    // An exit by another gate after this device's own (online) entry: the snapshot says outside; the old
    // entry, already in the snapshot, must not put the ticket back inside.
    const snap = snapshot(
      [list(MAIN, { allowReentry: true })],
      [
        ticket(T1, {
          presence: [
            { listId: MAIN, state: 'outside', entries: 1, lastAt: GENERATED, lastDeviceId: 'gate-2' },
          ],
        }),
      ],
    );
    const counted = record(T1, { synced: true, decidedBy: 'server', serverAt: '2026-06-01T16:00:00.000Z' });
    expect(decide(snap, [counted], { ticketId: T1, eventId: EVENT }).verdict).toMatchObject({ result: 'ok' });
    const later = record(T1, { synced: true, decidedBy: 'server', serverAt: '2026-06-01T17:10:00.000Z' });
    expect(decide(snap, [later], { ticketId: T1, eventId: EVENT }).verdict).toMatchObject({
      reason: 'already-used',
    });
  });

  it('ignores refused scans and scans of other events', () => {
    const refused = record(T1, { result: 'refused', reason: 'unpaid' });
    const elsewhere = record(T1, { eventId: OTHER_EVENT });
    expect(decide(base, [refused, elsewhere], { ticketId: T1, eventId: EVENT }).verdict).toMatchObject({
      result: 'ok',
    });
  });
});

describe('typed short codes offline', () => {
  it('finds the ticket of a typed code in the snapshot, admits it once, and refuses codes it lacks', () => {
    const typedOne = ticket(T1);
    const snap = snapshot([list(MAIN)], [typedOne, ticket(T2)]);
    const byCode = ticketsByShortCode(snap);
    const found = typedTicket(snap, byCode, formatTicketCode(typedOne.shortCode).toLowerCase());
    expect(found).toEqual({ ticketId: T1, eventId: EVENT });
    expect(decide(snap, [], found).verdict.result).toBe('ok');
    const admitted = record(T1, { secret: typedOne.shortCode });
    const again = decide(snap, [admitted], typedTicket(snap, byCode, typedOne.shortCode));
    expect(again.verdict).toMatchObject({ result: 'refused', reason: 'already-used' });
    expect(typedTicket(snap, byCode, newTicketCode())).toBeNull();
    expect(typedTicket(snap, byCode, 'NOT-A-CODE')).toBeNull();
  });
});
