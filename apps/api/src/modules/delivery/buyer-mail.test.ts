import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf, TEST_ENV } from '../../../test/support/orders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
}, 180_000);
afterAll(async () => t.close());

function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return { calendar, event };
}

describe('what buyers receive', () => {
  it('mails the tickets with the date in the event’s zone, the venue and its map, the organiser, Reply-To and an .ics that parses', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    const settings = await shop.call('PATCH', '/api/settings/company', {
      contactEmail: 'hello@organiser.example',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const body = orderBody(shop, { paymentMethod: 'free', locale: 'en' });
    const order = await bought(t.app, shop, body);
    await t.app.outbox.drain();
    const mail = t.mails.find((item) => item.to === body.buyer.email);
    expect(mail).toBeDefined();
    expect(mail?.replyTo).toBe('hello@organiser.example');

    const start = new Date(shop.event.startsAt);
    const day = new Intl.DateTimeFormat('en', {
      timeZone: shop.event.timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(start);
    const time = new Intl.DateTimeFormat('en', {
      timeZone: shop.event.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start);
    for (const text of [mail?.text ?? '', mail?.html ?? '']) {
      expect(text).toContain(day);
      expect(text).toContain(time);
      expect(text).toContain('La Cigale');
      expect(text).toContain('120 Boulevard de Rochechouart');
      expect(text).toContain('https://www.openstreetmap.org/?mlat=48.882');
      expect(text).toContain(`Organised by ${await orgName(shop)}`);
      expect(text).toContain(`/api/public/orders/${order.code}/calendar.ics`);
    }

    const ics = mail?.attachments?.find((file) => file.filename === 'event.ics');
    expect(ics?.contentType).toContain('text/calendar');
    const { event } = parseIcs(ics?.content.toString('utf8') ?? '');
    expect(event.summary).toBe(shop.event.name);
    // iCalendar times are to the second.
    const second = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000) * 1000;
    expect(event.startDate.toJSDate().getTime()).toBe(second(start));
    expect(event.endDate.toJSDate().getTime()).toBe(second(shop.event.endsAt));
    expect(event.location).toContain('La Cigale');
    expect(event.uid).toContain(order.code);
  });

  it('says the same in the pending mail, in French, with the calendar file too', async () => {
    const shop = await newShop(t.app, [{ name: 'Plein tarif', priceMinor: 2500, capacity: 10 }]);
    const body = orderBody(shop, { paymentMethod: 'offline', locale: 'fr' });
    await bought(t.app, shop, body);
    await t.app.outbox.drain();
    const mail = t.mails.find((item) => item.to === body.buyer.email);
    expect(mail?.text).toContain('Quand\u00a0:');
    expect(mail?.text).toContain('Où\u00a0: La Cigale');
    expect(mail?.attachments?.map((file) => file.filename)).toEqual(['event.ics']);
    // No contact address in the company settings: no Reply-To.
    expect(mail?.replyTo).toBeUndefined();
  });

  it('offers the calendar file on the order page, by the order’s code', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 10 }]);
    const order = await bought(t.app, shop, orderBody(shop, { paymentMethod: 'free' }));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}/calendar.ics`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(parseIcs(response.body).event.summary).toBe(shop.event.name);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/public/orders/NOSUCHORDER0000/calendar.ics',
    });
    expect(wrong.statusCode).toBe(404);
    // A cancelled order has nothing to add to a calendar.
    const id = await orderIdOf(t.app, order.code);
    expect((await shop.call('POST', `/api/orders/${id}/cancel`, {})).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}/calendar.ics`,
    });
    expect(cancelled.statusCode).toBe(404);
  });
});

async function orgName(shop: Awaited<ReturnType<typeof newShop>>) {
  const response = await shop.call('GET', '/api/organizations/current');
  return response.json<{ name: string }>().name;
}
