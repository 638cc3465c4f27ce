import { outbox } from '@guichet/db/schema/outbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addStaff, orgHeaders } from '../../../test/support/teams';
import type { MailMessage } from '../mail/mail.repository';
import { noticeNewOrders, sendDueDigests } from './order-alerts.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
});
afterAll(async () => t.close());

async function choose(token: string, organizationId: string, mode: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/staffs/me/order-alerts',
    headers: orgHeaders(token, organizationId),
    payload: { mode },
  });
}

async function mailTo(email: string): Promise<MailMessage[]> {
  const rows = await t.app.ctx.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), sql`${outbox.payload}->>'to' = ${email}`));
  return rows.map((row) => row.payload as MailMessage);
}

/** A day after tomorrow at `utcHour` (Paris is UTC+1 in winter, UTC+2 in summer). */
function dayAfterTomorrowAt(utcHour: number): Date {
  const day = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
  return new Date(`${day}T${String(utcHour).padStart(2, '0')}:00:00Z`);
}

describe('the order alerts setting', () => {
  it('is off at first, takes off, each or daily, refuses anything else and anonymous callers', async () => {
    const shop = await newShop(t.app);
    const headers = orgHeaders(shop.admin.accessToken, shop.organizationId);
    const read = await t.app.inject({ method: 'GET', url: '/api/staffs/me/order-alerts', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ mode: 'off' });
    const wrong = await choose(shop.admin.accessToken, shop.organizationId, 'hourly');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('argument-error');
    const extra = await t.app.inject({
      method: 'PUT',
      url: '/api/staffs/me/order-alerts',
      headers,
      payload: { mode: 'each', to: 'someone@example.com' },
    });
    expect(extra.statusCode).toBe(400);
    for (const mode of ['daily', 'each', 'off']) {
      const saved = await choose(shop.admin.accessToken, shop.organizationId, mode);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ mode });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/staffs/me/order-alerts' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a mail per new order', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await newShop(t.app);
  });

  it('reaches staff with ALL or EVENT who chose it, once, and not staff with other permissions', async () => {
    const eventStaff = await addStaff(t.app, shop.organizationId, ['EVENT'], 'Eve Events');
    const financeStaff = await addStaff(t.app, shop.organizationId, ['FINANCE'], 'Fred Finance');
    const quietAdmin = await addStaff(t.app, shop.organizationId, ['ALL'], 'Quinn Quiet');
    for (const person of [shop.admin, eventStaff, financeStaff]) {
      expect((await choose(person.accessToken, shop.organizationId, 'each')).statusCode).toBe(200);
    }
    const order = await bought(
      t.app,
      shop,
      orderBody(shop, { buyer: { name: 'Nina New', email: 'nina@example.com' } }),
    );

    // Two runs at once (two processes): each order is claimed by one of them.
    await Promise.all([noticeNewOrders(t.app.ctx), noticeNewOrders(t.app.ctx)]);
    await noticeNewOrders(t.app.ctx);

    for (const person of [shop.admin, eventStaff]) {
      const mails = (await mailTo(person.user.email)).filter((mail) => mail.subject.includes(order.code));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('Nina New (nina@example.com)');
      expect(mails[0]?.text).toContain('2 tickets');
      expect(mails[0]?.text).toContain('awaiting payment');
      expect(mails[0]?.html).toContain(`href="http://localhost:4000/events/${shop.event.id}"`);
    }
    expect(await mailTo(financeStaff.user.email)).toHaveLength(0);
    expect(await mailTo(quietAdmin.user.email)).toHaveLength(0);
  });

  it('never mails the orders placed before the choice was made', async () => {
    const late = await addStaff(t.app, shop.organizationId, ['EVENT'], 'Lou Late');
    const earlier = await bought(t.app, shop, orderBody(shop));
    expect((await choose(late.accessToken, shop.organizationId, 'each')).statusCode).toBe(200);
    await noticeNewOrders(t.app.ctx);
    const after = await bought(t.app, shop, orderBody(shop));
    await noticeNewOrders(t.app.ctx);
    const subjects = (await mailTo(late.user.email)).map((mail) => mail.subject);
    expect(subjects.some((subject) => subject.includes(earlier.code))).toBe(false);
    expect(subjects.filter((subject) => subject.includes(after.code))).toHaveLength(1);
  });

  it('writes in the reader’s language', async () => {
    const french = await addStaff(t.app, shop.organizationId, ['EVENT'], 'Françoise');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/staffs/me',
      headers: orgHeaders(french.accessToken, shop.organizationId),
      payload: { locale: 'fr' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await choose(french.accessToken, shop.organizationId, 'each')).statusCode).toBe(200);
    const order = await bought(t.app, shop, orderBody(shop));
    await noticeNewOrders(t.app.ctx);
    const [mail] = await mailTo(french.user.email);
    expect(mail?.subject).toBe(`Nouvelle commande ${order.code} pour ${shop.event.name}`);
    expect(mail?.text).toContain('Montant\u00a0: 50,00\u00a0€, en attente de paiement');
  });
});

describe('the daily digest', () => {
  it('leaves once a day after 7 in the organisation’s zone, with the orders since the last one', async () => {
    const shop = await newShop(t.app);
    const reader = await addStaff(t.app, shop.organizationId, ['EVENT'], 'Dana Digest');
    const scanner = await addStaff(t.app, shop.organizationId, ['SCAN'], 'Sid Scan');
    for (const person of [reader, scanner]) {
      expect((await choose(person.accessToken, shop.organizationId, 'daily')).statusCode).toBe(200);
    }
    await bought(t.app, shop, orderBody(shop));
    await bought(
      t.app,
      shop,
      orderBody(shop, { lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity: 1 }] }),
    );

    // 04:00 or 05:00 in Paris: not yet.
    expect(await sendDueDigests(t.app.ctx, dayAfterTomorrowAt(3))).toBe(0);
    // Past 7 in Paris, two runs at once: one digest.
    const morning = dayAfterTomorrowAt(9);
    const runs = await Promise.all([sendDueDigests(t.app.ctx, morning), sendDueDigests(t.app.ctx, morning)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendDueDigests(t.app.ctx, new Date(morning.getTime() + 3600_000))).toBe(0);

    const mails = await mailTo(reader.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('2 new orders');
    expect(mails[0]?.text).toContain(`${shop.event.name}: 2 orders, 3 tickets, €75.00 (2 awaiting payment)`);
    // SCAN sees no orders: no digest.
    expect(await mailTo(scanner.user.email)).toHaveLength(0);

    // The next day's digest starts where this one ended: no order since, no mail.
    expect(await sendDueDigests(t.app.ctx, new Date(morning.getTime() + 24 * 3600_000))).toBe(0);
    expect(await mailTo(reader.user.email)).toHaveLength(1);
  });
});
