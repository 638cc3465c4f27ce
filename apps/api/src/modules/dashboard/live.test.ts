import type { DashboardFigures } from '@guichet/shared/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday } from '../../../test/support/dashboard';
import { client } from '../../../test/support/events';
import { markPaid, refundOrder } from '../../../test/support/finances';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { bought, orderBody, orderIdOf } from '../../../test/support/orders';
import { anotherInstance, issue, newDoor, redeem, scan, TEST_ENV } from '../../../test/support/scan';
import { orgHeaders } from '../../../test/support/teams';
import type { App } from '../../app';

/**
 * The dashboard's stream sends the figures again within 2 s of an order paid, a refund or a scan made through
 * another API process on the same database: the live bus carries it (the safety poll is ten seconds).
 */

let t: TestContext;
let other: App;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  other = await anotherInstance(t.app);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function openStream(app: App, token: string, organizationId: string) {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const controller = new AbortController();
  const response = await fetch(
    `${address}/api/dashboard/stream?from=${dayFromToday(-1)}&to=${dayFromToday(1)}`,
    {
      headers: orgHeaders(token, organizationId),
      signal: controller.signal,
    },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** The figures of the next message that satisfies `wanted`, or a failure after `ms`. */
  const next = async (
    ms: number,
    wanted: (f: DashboardFigures) => boolean = () => true,
  ): Promise<DashboardFigures> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        if (data && message.includes('event: figures')) {
          const { figures } = JSON.parse(data.slice(6)) as { figures: DashboardFigures };
          if (wanted(figures)) return figures;
        }
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no figures in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no figures in time')), left)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return { next, close: () => controller.abort() };
}

describe('the dashboard stream', () => {
  it('sends new figures within 2 s of a payment, a refund and a scan through another API process', async () => {
    const door = await newDoor(t.app);
    const { shop } = door;
    const stream = await openStream(t.app, shop.admin.accessToken, shop.organizationId);
    try {
      const first = await stream.next(2000);
      expect(first.current.orders).toBe(0);
      // Let the first poll take its baseline.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const order = await bought(other, shop, orderBody(shop, { paymentMethod: 'offline' }));
      const orderId = await orderIdOf(other, order.code);
      let started = Date.now();
      expect((await markPaid(other, shop, orderId)).statusCode).toBe(200);
      // Every figure of a frame comes from one snapshot: the frame that shows the order shows its money.
      const paid = await stream.next(2000, (f) => f.current.orders === 1);
      expect(paid.current.currencies[0]?.grossMinor).toBe(5000);
      expect(Date.now() - started).toBeLessThan(2000);

      started = Date.now();
      const refunded = await refundOrder(other, shop, orderId, { ticketIds: [], amountMinor: 100 });
      expect(refunded.statusCode, refunded.body).toBeLessThan(300);
      await stream.next(2000, (f) => f.current.currencies[0]?.refundsMinor === 100);
      expect(Date.now() - started).toBeLessThan(2000);

      const [ticket] = await issue(shop, 1);
      started = Date.now();
      await redeem(
        shop,
        scan(ticket!.secret, [door.list.id]),
        client(other, shop.admin.accessToken, shop.organizationId),
      );
      await stream.next(2000, (f) => f.current.checkIns === 1);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });

  it('answers requests made at once from shared readings, each showing every payment made before it', async () => {
    const { shop } = await newDoor(t.app);
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/dashboard/figures?from=${dayFromToday(-1)}&to=${dayFromToday(1)}`,
        headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
      });
    // Requests without pause, so that readings are in flight whenever an order is paid.
    let busy = true;
    const failures: string[] = [];
    const background = (async () => {
      while (busy && failures.length === 0) {
        for (const answer of await Promise.all([get(), get(), get()])) {
          if (answer.statusCode !== 200) failures.push(answer.body);
        }
        // Requests come from the network, between other I/O: without this the loop would hold the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let paid = 1; paid <= 4; paid++) {
        const order = await bought(other, shop, orderBody(shop, { paymentMethod: 'offline' }));
        expect((await markPaid(other, shop, await orderIdOf(other, order.code))).statusCode).toBe(200);
        // Sent after the payment's commit: none may be answered by a reading that started before it.
        const after = await Promise.all(Array.from({ length: 8 }, get));
        for (const answer of after) {
          expect(answer.statusCode, answer.body).toBe(200);
          expect((answer.json() as DashboardFigures).current.orders).toBe(paid);
        }
      }
    } finally {
      busy = false;
      await background;
    }
    expect(failures).toEqual([]);
  });
});
