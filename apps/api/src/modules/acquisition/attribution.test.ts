import { randomUUID } from 'node:crypto';
import { acquisitionTouches, orderAttributions } from '@guichet/db/schema/acquisition';
import type { PublicOrder } from '@guichet/shared/orders';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, createLink } from '../../../test/support/acquisition';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { buy, newShop, orderBody, orderIdOf, type Shop, TEST_ENV } from '../../../test/support/orders';
import { recordVisit, saveSettings } from './visits.service';

/**
 * Orders carry the visitor's first and last touch of the event within the organisation's window, written
 * by the order's own statement; direct visits and bots are never touches.
 */

let t: TestContext;
let shop: Shop;
let otherShop: Shop;
let linkCode: string;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app, [{ name: 'Standard', priceMinor: 1500, capacity: 100_000 }]);
  otherShop = await newShop(t.app);
  linkCode = (await createLink(t.app, shop, { channel: 'poster' })).code;
}, 60_000);
afterAll(async () => t.close());

const HOUR = 3_600_000;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Kind = 'link' | 'utm' | 'referrer' | 'direct' | 'bot' | 'other-event';
const touchArbitrary = fc.record({
  hoursAgo: fc.integer({ min: 0, max: 24 * 6 }),
  kind: fc.constantFrom<Kind>('link', 'utm', 'referrer', 'direct', 'bot', 'other-event'),
});

function bodyOf(kind: Kind, index: number) {
  switch (kind) {
    case 'link':
      return { link: linkCode };
    case 'utm':
      return { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: `c${index}` };
    case 'referrer':
    case 'other-event':
      return { referrer: `https://site${index}.example.net/` };
    default:
      return {};
  }
}

async function attributionOf(orderId: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(orderAttributions)
    .where(
      and(eq(orderAttributions.orderId, orderId), eq(orderAttributions.organizationId, shop.organizationId)),
    );
  return row;
}

async function touchTime(id: string | null | undefined): Promise<number | null> {
  if (!id) return null;
  const [row] = await t.app.ctx.db
    .select({ at: acquisitionTouches.occurredAt })
    .from(acquisitionTouches)
    .where(eq(acquisitionTouches.id, id));
  return row?.at.getTime() ?? null;
}

describe('order attribution', () => {
  it('is the first and last sourced touch within the window, over random visits (bots never count)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(touchArbitrary, { maxLength: 8 }),
        fc.boolean(),
        async (windowDays, touches, keyed) => {
          await saveSettings(t.app.ctx, shop.organizationId, { attributionWindowDays: windowDays });
          const visitorId = randomUUID();
          const now = Date.now();
          // Whole hours plus a minute and the touch's index in ms: no touch sits on the window's edge, and
          // every touch has its own instant.
          const times = touches.map((touch, index) => now - touch.hoursAgo * HOUR - 60_000 - index);
          let stored = 0;
          for (const [index, touch] of touches.entries()) {
            const target = touch.kind === 'other-event' ? otherShop : shop;
            const kept = await recordVisit(
              t.app.ctx,
              {
                orgSlug: target.orgSlug,
                eventSlug: target.event.slug,
                visitorId,
                kind: 'visit',
                ...bodyOf(touch.kind, index),
              },
              { userAgent: touch.kind === 'bot' ? BOT : BROWSER, purpose: undefined },
              new Date(times[index] as number),
            );
            expect(kept).toBe(touch.kind !== 'bot');
            if (kept && touch.kind !== 'other-event') stored += 1;
          }
          await t.app.ctx.visits.flush();
          const rows = await t.app.ctx.db
            .select({ id: acquisitionTouches.id })
            .from(acquisitionTouches)
            .where(
              and(
                eq(acquisitionTouches.organizationId, shop.organizationId),
                eq(acquisitionTouches.visitorId, visitorId),
              ),
            );
          expect(rows).toHaveLength(stored);

          const response = await buy(
            t.app,
            shop,
            orderBody(shop, {
              visitorId,
              lines: [{ ticketTypeId: shop.event.ticketTypes[0]?.id ?? '', quantity: 1 }],
            }),
            keyed ? randomUUID() : undefined,
          );
          expect(response.statusCode, response.body).toBe(201);
          const orderId = await orderIdOf(t.app, response.json<PublicOrder>().code);
          const attribution = await attributionOf(orderId);

          const cutoff = now - windowDays * 24 * HOUR;
          const eligible = touches
            .map((touch, index) => ({ ...touch, at: times[index] as number }))
            .filter((touch) => ['link', 'utm', 'referrer'].includes(touch.kind) && touch.at > cutoff)
            .map((touch) => touch.at)
            .sort((a, b) => a - b);
          expect(attribution?.visitorId).toBe(visitorId);
          expect(await touchTime(attribution?.firstTouchId)).toBe(eligible[0] ?? null);
          expect(await touchTime(attribution?.lastTouchId)).toBe(eligible.at(-1) ?? null);
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);

  it('is not written for an order without a visitor id', async () => {
    const response = await buy(t.app, shop, orderBody(shop));
    expect(response.statusCode).toBe(201);
    expect(await attributionOf(await orderIdOf(t.app, response.json<PublicOrder>().code))).toBeUndefined();
  });

  it('refuses a visitor id that is not a UUID', async () => {
    const response = await buy(t.app, shop, orderBody(shop, { visitorId: 'me' }));
    expect(response.statusCode).toBe(400);
  });
});
