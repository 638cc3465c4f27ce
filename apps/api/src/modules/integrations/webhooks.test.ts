import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookDeliveries, webhookEndpoints } from '@guichet/db/schema/integrations';
import { outbox } from '@guichet/db/schema/outbox';
import type { WebhookDeliveryPage, WebhookEndpoint, WebhookSecret } from '@guichet/shared/integrations';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, newShop, orderBody, orderIdOf, type Shop, TEST_ENV } from '../../../test/support/orders';
import { issue, newDoor, redeem, scan } from '../../../test/support/scan';
import { orgHeaders } from '../../../test/support/teams';
import { readPublishedEvent } from '../orders/checkout.repository';
import { placeOrder } from '../orders/order-placement';

/** A receiver on 127.0.0.1 that answers each request as `answer` says and keeps what it got. */
interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string; status: number }[];
  close(): Promise<void>;
}

async function startReceiver(answer: (index: number) => Promise<number> | number): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      const status = await answer(received.length);
      received.push({ headers: request.headers, body, status });
      if (!response.destroyed)
        response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let t: TestContext;
let shop: Shop;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app);
});
afterEach(async () => {
  while (receivers.length > 0) await receivers.pop()?.close();
  await t.app.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.organizationId, shop.organizationId));
});
afterAll(async () => t?.close());

const admin = () => orgHeaders(shop.admin.accessToken, shop.organizationId);

async function addEndpoint(url: string, eventTypes: string[]): Promise<WebhookSecret> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/webhooks',
    headers: admin(),
    payload: { url, eventTypes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookSecret>();
}

/** Makes every pending delivery due now (the test's stand-in for waiting out the backoff). */
async function makeDue() {
  await t.app.ctx.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(eq(webhookDeliveries.organizationId, shop.organizationId), eq(webhookDeliveries.status, 'pending')),
    );
}

describe('webhooks', () => {
  it('signs an order.created delivery the Standard Webhooks way, written with the order', async () => {
    const receiver = await startReceiver(() => 204);
    receivers.push(receiver);
    const { endpoint, secret } = await addEndpoint(receiver.url, ['order.created', 'event.published']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const order = await bought(t.app, shop, orderBody(shop));
    // Committed with the order, before any delivery.
    const queued = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(queued.map((row) => [row.eventType, row.status])).toEqual([['order.created', 'pending']]);

    await t.app.webhooks.drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    const verified = new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as { type: string; data: { code: string; status: string; totalMinor: number } };
    expect(verified.type).toBe('order.created');
    expect(verified.data).toMatchObject({ code: order.code, status: 'pending_payment', totalMinor: 5000 });
    // A tampered body or another secret does not verify.
    expect(() =>
      new Webhook(secret).verify(request.body.replace(order.code, 'XXXXXXXX'), {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }),
    ).toThrow();

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/webhooks/${endpoint.id}/deliveries`,
      headers: admin(),
    });
    expect(log.statusCode).toBe(200);
    const [entry] = log.json<WebhookDeliveryPage>().items;
    expect(entry).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 204,
      eventType: 'order.created',
    });
  });

  it('writes the order and customer events of an endpoint enabled after the checkout read none', async () => {
    // The buyer's read finds no endpoint, so the order's statement is written without the webhook CTEs;
    // it finds the endpoint enabled meanwhile and the order's events are written in its transaction still.
    const read = await readPublishedEvent(t.app.ctx.db, shop.orgSlug, shop.event.slug, undefined);
    if (!read) throw new Error('the event is not published');
    expect(read.catalogue.hooked).toBe(false);
    const { endpoint } = await addEndpoint('https://example.com/hooks', [
      'order.created',
      'customer.created',
    ]);
    const body = orderBody(shop);
    const placed = await placeOrder(t.app.ctx, {
      organizationId: shop.organizationId,
      event: read.event,
      channel: 'online',
      buyer: body.buyer,
      lines: body.lines,
      paymentMethod: 'offline',
      actor: null,
      sendEmail: false,
      locale: 'en',
      catalogue: read.catalogue,
    });
    const queued = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(queued.map((row) => row.eventType).sort()).toEqual(['customer.created', 'order.created']);
    const created = queued.find((row) => row.eventType === 'order.created');
    expect(created?.payload).toMatchObject({ data: { id: placed.order.id, code: placed.order.code } });
    // Read again, the endpoint is known: the statement with the CTEs writes the same events.
    const again = await readPublishedEvent(t.app.ctx.db, shop.orgSlug, shop.event.slug, undefined);
    expect(again?.catalogue.hooked).toBe(true);
  });

  it('retries a receiver that fails 5 times, which then logs the event exactly once as a success', async () => {
    const receiver = await startReceiver((index) => (index < 5 ? 500 : 200));
    receivers.push(receiver);
    const { endpoint } = await addEndpoint(receiver.url, ['order.cancelled']);
    const order = await bought(t.app, shop, orderBody(shop));
    const orderId = await orderIdOf(t.app, order.code);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: admin(),
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (let attempt = 0; attempt < 8; attempt++) {
      await t.app.webhooks.drain();
      await makeDue();
    }
    expect(receiver.received.map((request) => request.status)).toEqual([500, 500, 500, 500, 500, 200]);
    const successes = receiver.received.filter((request) => request.status === 200);
    expect(successes).toHaveLength(1);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 6, responseStatus: 200 });
  });

  it('disables an endpoint that fails through its whole retry window and mails the admins once', async () => {
    const receiver = await startReceiver(() => 503);
    receivers.push(receiver);
    const { endpoint } = await addEndpoint(receiver.url, ['event.cancelled']);
    // Another event of the same organisation, so the shop's own stays on sale for the other tests.
    const other = await shop.call('POST', `/api/events/${shop.event.id}/duplicate`);
    expect(other.statusCode, other.body).toBe(201);
    const cancelled = await shop.call('POST', `/api/events/${other.json<{ id: string }>().id}/cancel`, {
      reason: 'Storm',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (let attempt = 0; attempt < 15; attempt++) {
      await t.app.webhooks.drain();
      await makeDue();
    }
    expect(receiver.received).toHaveLength(11);
    const [stored] = await t.app.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.enabled).toBe(false);
    const mails = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' = 'A webhook endpoint was disabled'`);
    expect(mails.map((mail) => (mail.payload as { to: string }).to)).toEqual([shop.admin.user.email]);
  });

  it('replays a delivery with the same webhook-id, sends a test, rotates the secret', async () => {
    const receiver = await startReceiver(() => 200);
    receivers.push(receiver);
    const { endpoint, secret } = await addEndpoint(receiver.url, ['order.created']);
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${endpoint.id}/test`,
      headers: admin(),
    });
    expect(test.statusCode).toBe(202);
    await t.app.webhooks.drain();
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/webhook-deliveries/${test.json<{ id: string }>().id}/replay`,
      headers: admin(),
    });
    expect(replay.statusCode).toBe(202);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${endpoint.id}/secret`,
      headers: admin(),
    });
    const newSecret = rotated.json<WebhookSecret>().secret;
    expect(newSecret).not.toBe(secret);
    await t.app.webhooks.drain();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(first?.headers['webhook-id']).toBe(second?.headers['webhook-id']);
    expect(JSON.parse(first?.body ?? '{}').type).toBe('webhook.test');
    const headers = (request: typeof first) => ({
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    });
    expect(() => new Webhook(newSecret).verify(second?.body ?? '', headers(second))).not.toThrow();
    expect(() => new Webhook(secret).verify(second?.body ?? '', headers(second))).toThrow();
  });

  it('keeps a slow receiver from delaying a tickets e-mail', async () => {
    let release: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const receiver = await startReceiver(async () => {
      await Promise.race([stalled, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      return 200;
    });
    receivers.push(receiver);
    await addEndpoint(receiver.url, ['order.created']);
    const delivering = t.app.webhooks.drain();
    await bought(t.app, shop, orderBody(shop, { buyer: { name: 'Tess Ticket', email: 'tess@example.com' } }));
    const started = Date.now();
    const webhookBusy = t.app.webhooks.drain();
    await t.app.outbox.drain();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(t.mails.some((mail) => mail.to === 'tess@example.com')).toBe(true);
    release();
    await Promise.all([delivering, webhookBusy]);
  });

  it('emits customer.updated in the transaction of the change', async () => {
    const { endpoint } = await addEndpoint('https://example.com/crm', ['customer.updated']);
    const email = `crm-${Date.now()}@example.com`;
    await bought(t.app, shop, orderBody(shop, { buyer: { name: 'Cora Crm', email } }));
    const list = await t.app.inject({ method: 'GET', url: `/api/customers?q=${email}`, headers: admin() });
    const customerId = list.json<{ items: { id: string }[] }>().items[0]?.id;
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${customerId}`,
      headers: admin(),
      payload: { name: 'Cora Renamed' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const rows = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((row) => row.eventType)).toEqual(['customer.updated']);
    expect(rows[0]?.payload).toMatchObject({
      type: 'customer.updated',
      data: { id: customerId, email, after: { name: 'Cora Renamed' } },
    });
  });

  it('emits ticket.checked_in with an admitted entry, not with a refused one', async () => {
    const door = await newDoor(t.app);
    const created = await door.shop.call('POST', '/api/integrations/webhooks', {
      url: 'https://example.com/door',
      eventTypes: ['ticket.checked_in'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpointId = created.json<WebhookSecret>().endpoint.id;
    const [ticket] = await issue(door.shop);
    if (!ticket?.secret) throw new Error('no ticket');
    expect((await redeem(door.shop, scan(ticket.secret, [door.list.id]))).result).toBe('ok');
    expect((await redeem(door.shop, scan(ticket.secret, [door.list.id]))).result).toBe('refused');
    const rows = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(rows.map((row) => row.eventType)).toEqual(['ticket.checked_in']);
    expect(rows[0]?.payload).toMatchObject({ data: { ticketId: ticket.id, listId: door.list.id } });
  });

  it('refuses bad input (400) and is for ALL holders only (403)', async () => {
    for (const payload of [
      { url: 'ftp://example.com/x', eventTypes: ['order.created'] },
      { url: 'https://example.com/x', eventTypes: [] },
      { url: 'https://example.com/x', eventTypes: ['order.exploded'] },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/webhooks',
        headers: admin(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const created = await addEndpoint('https://example.com/hooks', ['order.paid']);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/integrations/webhooks/${created.endpoint.id}`,
      headers: admin(),
      payload: { enabled: false },
    });
    expect(disabled.json<WebhookEndpoint>()).toMatchObject({ enabled: false });
    const other = await newShop(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/webhooks/${created.endpoint.id}/deliveries`,
      headers: orgHeaders(other.admin.accessToken, other.organizationId),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
