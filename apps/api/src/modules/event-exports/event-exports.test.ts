import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, orderBody, typeId } from '../../../test/support/orders';
import { type Door, issue, newDoor, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { addStaff, orgHeaders } from '../../../test/support/teams';

let t: TestContext;
let door: Door;
let pendingCode: string;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  door = await newDoor(t.app);
  const [comp] = await issue(door.shop, 1, 1, ['=HYPERLINK("x")']);
  if (!comp) throw new Error('no ticket');
  const admitted = await redeem(door.shop, scan(comp.secret, [door.list.id]));
  expect(admitted.result).toBe('ok');
  const pending = await bought(
    t.app,
    door.shop,
    orderBody(door.shop, {
      buyer: { name: 'Bea Buyer', email: 'bea@example.com' },
      lines: [{ ticketTypeId: typeId(door.shop, 0), quantity: 2 }],
    }),
  );
  pendingCode = pending.code;
});
afterAll(async () => t.close());

const get = (path: string, token = door.shop.admin.accessToken, organizationId = door.shop.organizationId) =>
  t.app.inject({ method: 'GET', url: path, headers: orgHeaders(token, organizationId) });

const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('the attendee export', () => {
  it('lists each valid ticket in French spreadsheet conventions: semicolons, decimal commas, date cells', async () => {
    const response = await get(`/api/events/${door.shop.event.id}/attendees.csv?locale=fr`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="attendees.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = linesOf(response.body);
    expect(header).toBe(
      'Code du billet;Type de billet;Participant;Acheteur;E-mail de l’acheteur;Code de commande;État de la commande;Prix;Devise;Commandé le;Entré le',
    );
    expect(rows).toHaveLength(3);
    const vip = rows.find((row) => row.includes(';VIP;'));
    // A name a spreadsheet would run as a formula stays text; the admission is a date cell.
    expect(vip).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3};VIP;"'=HYPERLINK\(""x""\)";Bea Buyer;/);
    expect(vip).toMatch(
      /;payée;0,00;EUR;\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    const standard = rows.filter((row) => row.includes(pendingCode));
    expect(standard).toHaveLength(2);
    // No attendee names asked: the buyer holds the ticket; not admitted yet: an empty cell.
    expect(standard[0]).toContain(
      `;Standard;Bea Buyer;Bea Buyer;bea@example.com;${pendingCode};en attente de paiement;25,00;EUR;`,
    );
    expect(standard[0]?.endsWith(';')).toBe(true);
  });

  it('uses commas and decimal points in English', async () => {
    const response = await get(`/api/events/${door.shop.event.id}/attendees.csv`);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = linesOf(response.body);
    expect(header?.startsWith('Ticket code,Ticket type,Attendee,Buyer,')).toBe(true);
    expect(rows.find((row) => row.includes(pendingCode))).toContain(',awaiting payment,25.00,EUR,');
  });
});

describe('the check-in export', () => {
  it('lists every scan with its list, result and time', async () => {
    const response = await get(`/api/events/${door.shop.event.id}/checkins.csv`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = linesOf(response.body);
    expect(header).toBe(
      'Scanned at,Direction,Result,Reason,Ticket code,Attendee,Ticket type,Order code,Check-in list,Staff,Device,Offline,Undone at',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},entry,admitted,,[0-9A-Z-]{13},"'=HYPERLINK\(""x""\)",VIP,[^,]+,Main gate,Olga Organiser,gate-1,no,$/,
    );
    const french = await get(`/api/events/${door.shop.event.id}/checkins.csv?locale=fr`);
    expect(linesOf(french.body)[1]).toContain(';entrée;admis;;');
  });
});

describe('the exports', () => {
  it('are for staff with EVENT or ALL in the event’s organisation only, with a checked query', async () => {
    const scanner = await addStaff(t.app, door.shop.organizationId, ['SCAN']);
    const finance = await addStaff(t.app, door.shop.organizationId, ['FINANCE']);
    const events = await addStaff(t.app, door.shop.organizationId, ['EVENT']);
    for (const kind of ['attendees', 'checkins']) {
      const path = `/api/events/${door.shop.event.id}/${kind}.csv`;
      expect((await get(path, scanner.accessToken)).statusCode).toBe(403);
      expect((await get(path, finance.accessToken)).statusCode).toBe(403);
      expect((await get(path, events.accessToken)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      const wrongLocale = await get(`${path}?locale=de`);
      expect(wrongLocale.statusCode).toBe(400);
      expect(wrongLocale.json().error.code).toBe('argument-error');
      expect((await get(`${path}?locale=en&extra=1`)).statusCode).toBe(400);
    }
    // Another organisation's event is not found, as one that does not exist.
    const other = await newDoor(t.app);
    const foreign = await get(`/api/events/${other.shop.event.id}/attendees.csv`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not-found');
  });
});
