import { tickets } from '@guichet/db/schema/orders';
import { outbox } from '@guichet/db/schema/outbox';
import type { OrderEmails } from '@guichet/shared/delivery';
import type { EventDetail } from '@guichet/shared/events';
import type { OrderDetail, PublicOrder } from '@guichet/shared/orders';
import { formatTicketCode } from '@guichet/shared/ticket-code';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import {
  bought,
  buy,
  newShop,
  orderBody,
  orderIdOf,
  type Shop,
  TEST_ENV,
  typeId,
} from '../../../test/support/orders';
import { readPdf } from '../../../test/support/pdf-reader';

// Public reads are limited low here (per client address) so the limit itself can be shown; every other
// test reads from an address of its own.
const READ_LIMIT = 25;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, PUBLIC_RATE_LIMIT_PER_MINUTE: String(READ_LIMIT) });
});
afterAll(async () => t.close());

let address = 0;
function nextAddress() {
  address += 1;
  return `10.1.0.${address}`;
}

function downloadPdf(code: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'GET', url: `/api/public/orders/${code}/tickets.pdf`, remoteAddress });
}

const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email);

async function freeShop(types = [{ name: 'Entry', priceMinor: 0, capacity: 100 }]) {
  return newShop(t.app, types);
}

describe('the tickets’ PDF', () => {
  it('is mailed with a paid order: one page per ticket, each with the order code, the attendee and the event', async () => {
    const shop = await freeShop();
    const body = orderBody(shop, {
      lines: [
        { ticketTypeId: typeId(shop), quantity: 3, attendeeNames: ['Ada Lovelace', 'Zoë Łukasiewicz'] },
      ],
      paymentMethod: 'free',
      locale: 'en',
    });
    const order = await bought(t.app, shop, body);
    await t.app.outbox.drain();

    const [mail] = mailsTo(body.buyer.email);
    expect(mail?.subject).toBe(`Your tickets for ${shop.event.name}`);
    expect(mail?.text).toContain(`/checkout/firebase?order=${order.code}`);
    expect(mail?.text).toContain(`/api/public/orders/${order.code}/tickets.pdf`);
    expect(mail?.attachments?.map((file) => file.filename)).toEqual([
      `tickets-${order.code}.pdf`,
      'event.ics',
    ]);
    const attachment = mail?.attachments?.[0];
    expect(attachment?.filename).toBe(`tickets-${order.code}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await readPdf(attachment?.content ?? Buffer.alloc(0));
    expect(pdf.pageCount).toBe(3);
    expect(pdf.subject).toBe(order.code);
    for (const page of pdf.pages) {
      expect(page).toContain(order.code);
      expect(page).toContain(shop.event.name);
      expect(page).toContain('Entry');
      expect(page).toContain('Free');
      expect(page).toContain('La Cigale');
    }
    expect(pdf.pages[0]).toContain('Ada Lovelace');
    // Letters the standard fonts lack are drawn with the embedded Noto Sans, as written.
    expect(pdf.pages[1]?.replace(/\n/g, '')).toContain('Zoë Łukasiewicz');
    // No attendee name asked: the buyer's.
    expect(pdf.pages[2]).toContain(body.buyer.name);
    expect(pdf.pages[2]).not.toContain('Not named');
    expect(pdf.pages[2]).toContain('Ticket 3 of 3');
    // Under each QR code, the ticket's short code as the door types it.
    order.tickets.forEach((ticket, index) => {
      expect(ticket.shortCode).toMatch(/^[0-9A-Z]{11}$/);
      expect(pdf.pages[index]).toContain(`Ticket code  ${formatTicketCode(ticket.shortCode ?? '')}`);
    });
  });

  it('shows the date in the event’s time zone, the price, and French labels for a French order', async () => {
    const shop = await newShop(t.app, [{ name: 'Plein tarif', priceMinor: 2500, capacity: 10 }]);
    const order = await bought(t.app, shop, orderBody(shop, { paymentMethod: 'offline', locale: 'fr' }));
    const id = await orderIdOf(t.app, order.code);
    expect((await shop.call('POST', `/api/orders/${id}/mark-paid`)).statusCode).toBe(200);

    const response = await downloadPdf(order.code);
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(2);
    const expectedDate = new Intl.DateTimeFormat('fr', {
      timeZone: 'Europe/Paris',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(shop.event.startsAt));
    expect(pdf.pages[0]).toContain(expectedDate);
    expect(pdf.pages[0]).toMatch(/UTC\+[12]/);
    expect(pdf.pages[0]).toContain('Plein tarif');
    expect(pdf.pages[0]).toMatch(/25,00\s€/);
    expect(pdf.pages[0]).toContain('Billet 1 sur 2');
  });

  it('leaves out tickets that are no longer valid, prints a Japanese name, and a script the fonts lack does not break it', async () => {
    const shop = await freeShop();
    const order = await bought(
      t.app,
      shop,
      orderBody(shop, {
        lines: [{ ticketTypeId: typeId(shop), quantity: 3, attendeeNames: ['山田太郎', 'አበበ ቢቂላ'] }],
        paymentMethod: 'free',
      }),
    );
    const id = await orderIdOf(t.app, order.code);
    // Refunds of single tickets are recorded elsewhere; here the status is set directly.
    await t.app.ctx.db
      .update(tickets)
      .set({ status: 'refunded' })
      .where(and(eq(tickets.orderId, id), eq(tickets.id, order.tickets[2]?.id ?? '')));

    const pdf = await readPdf((await downloadPdf(order.code)).rawPayload);
    expect(pdf.pageCount).toBe(2);
    // Drawn by the worker thread with the Noto Sans SC slices it resolves in node_modules (one run each).
    expect(pdf.pages[0]?.replace(/\n/g, '')).toContain('山田太郎');
    expect(pdf.pages[1]).toContain('As written on your ticket page');
  });

  it('is downloaded only for a paid order; a wrong code and an unpaid order are the same 404', async () => {
    const shop = await newShop(t.app);
    const pending = await bought(t.app, shop, orderBody(shop, { paymentMethod: 'offline' }));
    const free = await freeShop();
    const ok = await bought(t.app, free, orderBody(free, { paymentMethod: 'free' }));
    const good = await downloadPdf(ok.code.toLowerCase());
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toBe('application/pdf');
    expect(good.headers['content-disposition']).toBe(`attachment; filename="tickets-${ok.code}.pdf"`);
    expect(good.headers['cache-control']).toBe('no-store');

    const unpaid = await downloadPdf(pending.code);
    const wrong = await downloadPdf('0000000000000000');
    expect(unpaid.statusCode).toBe(404);
    expect(wrong.statusCode).toBe(404);
    expect(unpaid.json()).toEqual(wrong.json());

    const cancelledId = await orderIdOf(t.app, ok.code);
    expect((await free.call('POST', `/api/orders/${cancelledId}/cancel`)).statusCode).toBe(200);
    expect((await downloadPdf(ok.code)).json()).toEqual(wrong.json());
  });

  it('is rate-limited per client address like the other public reads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= READ_LIMIT; i += 1) {
      statuses.push((await downloadPdf('0000000000000000', '10.9.9.9')).statusCode);
    }
    expect(statuses.slice(0, READ_LIMIT).every((status) => status === 404)).toBe(true);
    expect(statuses[READ_LIMIT]).toBe(429);
  });

  it('is rendered when the mail leaves, not when the order is placed: a cancelled order’s mail goes without it', async () => {
    const shop = await freeShop();
    const body = orderBody(shop, { paymentMethod: 'free' });
    const order = await bought(t.app, shop, body);
    const [row] = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.orderId, await orderIdOf(t.app, order.code)));
    // The outbox names what to attach; it does not hold the file.
    expect(row?.payload).toMatchObject({
      attachments: [
        { kind: 'tickets-pdf', filename: `tickets-${order.code}.pdf` },
        { kind: 'event-ics', filename: 'event.ics' },
      ],
    });
    expect(JSON.stringify(row?.payload)).not.toContain('%PDF');
    expect((await shop.call('POST', `/api/orders/${row?.orderId}/cancel`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const [mail] = mailsTo(body.buyer.email);
    expect(mail?.subject).toBe(`Your tickets for ${shop.event.name}`);
    // Neither the tickets nor the calendar file: the buyer is not coming.
    expect(mail?.attachments).toBeUndefined();
  });
});

describe('offline payment instructions', () => {
  const instructions = 'IBAN FR76 3000 6000 0112 3456 7890 189\nBIC AGRIFRPP — reference: your order code';

  it('replace the generic sentence in the pending mail and show on the order page while it waits', async () => {
    const shop = await newShop(t.app);
    const generic = orderBody(shop);
    const before = await bought(t.app, shop, generic);
    expect(before.paymentInstructions).toBeNull();

    const saved = await shop.call('PATCH', '/api/settings/company', {
      offlinePaymentInstructions: `  ${instructions}  `,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.offlinePaymentInstructions).toBe(instructions);
    expect(saved.json().changed).toEqual(['offlinePaymentInstructions']);

    const own = orderBody(shop);
    const order = await bought(t.app, shop, own);
    expect(order.status).toBe('pending_payment');
    expect(order.paymentInstructions).toBe(instructions);
    await t.app.outbox.drain();

    const [genericMail] = mailsTo(generic.buyer.email);
    expect(genericMail?.text).toContain('by bank transfer, in cash or at the door');
    const [mail] = mailsTo(own.buyer.email);
    expect(mail?.subject).toBe(`Your order for ${shop.event.name}: payment to make`);
    expect(mail?.text).toContain(instructions);
    expect(mail?.text).not.toContain('by bank transfer, in cash or at the door');
    expect(mail?.html).toContain('IBAN FR76 3000 6000 0112 3456 7890 189<br>BIC AGRIFRPP');
    // No tickets yet: only the calendar file.
    expect(mail?.attachments?.map((file) => file.filename)).toEqual(['event.ics']);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}`,
      remoteAddress: nextAddress(),
    });
    expect(page.json<PublicOrder>().paymentInstructions).toBe(instructions);

    // Paid: the instructions are no longer shown, and the tickets' mail carries the PDF.
    const id = await orderIdOf(t.app, order.code);
    expect((await shop.call('POST', `/api/orders/${id}/mark-paid`)).statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order.code}`,
      remoteAddress: nextAddress(),
    });
    expect(paid.json<PublicOrder>().paymentInstructions).toBeNull();

    // Emptied: back to the generic sentence.
    const cleared = await shop.call('PATCH', '/api/settings/company', { offlinePaymentInstructions: '' });
    expect(cleared.json().settings.offlinePaymentInstructions).toBeNull();
    expect((await bought(t.app, shop, orderBody(shop))).paymentInstructions).toBeNull();
  });

  it('are refused over their length', async () => {
    const shop = await newShop(t.app);
    const response = await shop.call('PATCH', '/api/settings/company', {
      offlinePaymentInstructions: 'x'.repeat(2001),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('attendee names required', () => {
  async function namedShop(): Promise<Shop> {
    const shop = await newShop(t.app, [
      { name: 'Seat', priceMinor: 0, capacity: 50 },
      { name: 'Balcony', priceMinor: 0, capacity: 50 },
    ]);
    const changed = await shop.call('PATCH', `/api/events/${shop.event.id}`, { attendeeNamesRequired: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<EventDetail>().attendeeNamesRequired).toBe(true);
    return shop;
  }

  it('is an event option, off by default, shown on the public page', async () => {
    const shop = await newShop(t.app);
    expect(shop.event.attendeeNamesRequired).toBe(false);
    const named = await namedShop();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${named.orgSlug}/${named.event.slug}`,
      remoteAddress: nextAddress(),
    });
    expect(page.json().attendeeNamesRequired).toBe(true);
  });

  it('refuses an online order without a name for every ticket, with the lines that lack them', async () => {
    const shop = await namedShop();
    const response = await buy(
      t.app,
      shop,
      orderBody(shop, {
        paymentMethod: 'free',
        lines: [
          { ticketTypeId: typeId(shop, 0), quantity: 2, attendeeNames: ['Ada Lovelace'] },
          { ticketTypeId: typeId(shop, 1), quantity: 1 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('argument-error');
    expect(error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'body.lines.0.attendeeNames',
      'body.lines.1.attendeeNames',
    ]);
    const blank = await buy(
      t.app,
      shop,
      orderBody(shop, {
        paymentMethod: 'free',
        lines: [{ ticketTypeId: typeId(shop, 0), quantity: 1, attendeeNames: ['   '] }],
      }),
    );
    expect(blank.statusCode).toBe(400);
    expect(
      (await shop.call('GET', `/api/events/${shop.event.id}`)).json<EventDetail>().ticketTypes[0]?.sold,
    ).toBe(0);
  });

  it('accepts an online order with every name, and the box office may still sell without names', async () => {
    const shop = await namedShop();
    const order = await bought(
      t.app,
      shop,
      orderBody(shop, {
        paymentMethod: 'free',
        lines: [
          { ticketTypeId: typeId(shop, 0), quantity: 2, attendeeNames: ['Ada Lovelace', 'Alan Turing'] },
          { ticketTypeId: typeId(shop, 1), quantity: 1, attendeeNames: ['Grace Hopper'] },
        ],
      }),
    );
    expect(order.tickets.map((ticket) => ticket.attendeeName)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
    ]);
    const door = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
      buyer: { name: 'Door', email: 'door@example.com' },
      lines: [{ ticketTypeId: typeId(shop), quantity: 2 }],
      payment: 'comp',
    });
    expect(door.statusCode, door.body).toBe(201);
  });
});

describe('the e-mails of an order in the back office', () => {
  it('lists each mail with its recipient, subject, status and attachments, newest first', async () => {
    const shop = await newShop(t.app);
    const body = orderBody(shop);
    const order = await bought(t.app, shop, body);
    const id = await orderIdOf(t.app, order.code);
    const list = async () => (await shop.call('GET', `/api/orders/${id}/emails`)).json<OrderEmails>().items;

    const queued = await list();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      to: body.buyer.email,
      subject: `Your order for ${shop.event.name}: payment to make`,
      status: 'queued',
      attachments: ['event.ics'],
      processedAt: null,
    });
    await t.app.outbox.drain();
    expect((await list())[0]?.status).toBe('sent');

    expect((await shop.call('POST', `/api/orders/${id}/mark-paid`)).statusCode).toBe(200);
    expect((await shop.call('POST', `/api/orders/${id}/resend`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const all = await list();
    expect(all.map((mail) => [mail.subject, mail.status, mail.attachments])).toEqual([
      // A paid order that cost something carries its receipt (decision 032).
      [
        `Your tickets for ${shop.event.name}`,
        'sent',
        [`tickets-${order.code}.pdf`, 'event.ics', `receipt-${order.code}.pdf`],
      ],
      [
        `Your tickets for ${shop.event.name}`,
        'sent',
        [`tickets-${order.code}.pdf`, 'event.ics', `receipt-${order.code}.pdf`],
      ],
      [`Your order for ${shop.event.name}: payment to make`, 'sent', ['event.ics']],
    ]);
    expect(all.every((mail) => mail.processedAt !== null)).toBe(true);
    // Another order of the same organisation has its own list.
    const other = await bought(t.app, shop, orderBody(shop));
    const otherList = await shop.call('GET', `/api/orders/${await orderIdOf(t.app, other.code)}/emails`);
    expect(otherList.json<OrderEmails>().items).toHaveLength(1);
  });

  it('shows a failed delivery as failed, with its error', async () => {
    const shop = await newShop(t.app);
    const order = await bought(t.app, shop, orderBody(shop));
    const id = await orderIdOf(t.app, order.code);
    await t.app.ctx.db
      .update(outbox)
      .set({ status: 'failed', attempts: 8, lastError: 'mailbox unavailable' })
      .where(eq(outbox.orderId, id));
    const [mail] = (await shop.call('GET', `/api/orders/${id}/emails`)).json<OrderEmails>().items;
    expect(mail).toMatchObject({ status: 'failed', attempts: 8, lastError: 'mailbox unavailable' });
  });

  it('box-office orders sent without e-mail list none', async () => {
    const shop = await newShop(t.app);
    const door = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
      buyer: { name: 'Door', email: 'door@example.com' },
      lines: [{ ticketTypeId: typeId(shop), quantity: 1 }],
      payment: 'comp',
      sendEmail: false,
    });
    const detail = door.json<OrderDetail>();
    expect((await shop.call('GET', `/api/orders/${detail.id}/emails`)).json<OrderEmails>().items).toEqual([]);
  });
});
