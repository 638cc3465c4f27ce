import { randomUUID } from 'node:crypto';
import { createTrackingLinkBodySchema } from '@guichet/shared/acquisition';
import type { AppContext } from '../context';
import { createLink } from '../modules/acquisition/links.service';
import { recordVisit } from '../modules/acquisition/visits.service';
import { placeOrder } from '../modules/orders/order-placement';
import { findEventForOrders } from '../modules/orders/orders.repository';
import { markPaid } from '../modules/orders/orders.service';
import { getPublicEvent } from '../modules/public/public.service';

const DAY = 24 * 60 * 60 * 1000;
const BROWSER = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  purpose: undefined,
};

/** Where the demo's visitors come from, how many, and how many of them buy. */
const JOURNEYS = [
  { source: { link: 'instagram' }, visitors: 14, checkouts: 6, buyers: 4 },
  { source: { link: 'poster' }, visitors: 9, checkouts: 4, buyers: 3 },
  { source: { link: 'newsletter' }, visitors: 7, checkouts: 4, buyers: 3 },
  { source: { referrer: 'https://www.google.com/' }, visitors: 6, checkouts: 2, buyers: 1 },
  { source: { referrer: 'https://www.sortir-a-paris.example/agenda' }, visitors: 4, checkouts: 1, buyers: 1 },
  { source: {}, visitors: 8, checkouts: 2, buyers: 1 },
] as const;

/**
 * The demo's acquisition: three tracking links of "Jazz on the Seine", visits over the last two weeks from
 * them and elsewhere, checkouts started and orders credited to them, all made through the services.
 */
export async function seedDemoAcquisition(
  ctx: AppContext,
  organizationId: string,
  actor: string,
): Promise<void> {
  const orgSlug = 'demo-events';
  const eventSlug = 'jazz-on-the-seine';
  const publicEvent = await getPublicEvent(ctx, orgSlug, eventSlug).catch(() => null);
  const event = publicEvent && (await findEventForOrders(ctx.db, organizationId, publicEvent.id));
  const ticketType = publicEvent?.ticketTypes[0];
  if (!publicEvent || !event || !ticketType) return;
  const links = {
    instagram: await createLink(
      ctx,
      organizationId,
      actor,
      createTrackingLinkBodySchema.parse({
        eventId: event.id,
        name: 'Instagram bio',
        channel: 'social',
        utmSource: 'instagram',
        utmMedium: 'social',
        utmCampaign: 'jazz-spring',
      }),
    ),
    poster: await createLink(
      ctx,
      organizationId,
      actor,
      createTrackingLinkBodySchema.parse({
        eventId: event.id,
        name: 'Posters on the quays',
        channel: 'poster',
      }),
    ),
    newsletter: await createLink(
      ctx,
      organizationId,
      actor,
      createTrackingLinkBodySchema.parse({
        eventId: event.id,
        name: 'May newsletter',
        channel: 'email',
        utmSource: 'newsletter',
        utmMedium: 'email',
      }),
    ),
  };
  const now = Date.now();
  let buyerNumber = 0;
  for (const journey of JOURNEYS) {
    for (let index = 0; index < journey.visitors; index++) {
      const visitorId = randomUUID();
      // Spread over the last two weeks, a few hours apart, the checkout minutes after the visit.
      const visitedAt = new Date(now - ((index * 37) % 14) * DAY - (index + 1) * 3_600_000);
      const source = 'link' in journey.source ? { link: links[journey.source.link].code } : journey.source;
      const body = { orgSlug, eventSlug, visitorId, kind: 'visit' as const, ...source };
      await recordVisit(ctx, body, BROWSER, visitedAt);
      if (index >= journey.checkouts) continue;
      await recordVisit(ctx, { ...body, kind: 'checkout' }, BROWSER, new Date(visitedAt.getTime() + 120_000));
      if (index >= journey.buyers) continue;
      buyerNumber += 1;
      const placed = await placeOrder(ctx, {
        organizationId,
        event,
        channel: 'online',
        buyer: { name: `Demo buyer ${buyerNumber}`, email: `buyer${buyerNumber}@demo.guichet.example` },
        lines: [{ ticketTypeId: ticketType.id, quantity: 1 + (buyerNumber % 2) }],
        paymentMethod: 'offline',
        actor: null,
        sendEmail: false,
        locale: 'en',
        visitorId,
      });
      // Most pay at the door in advance; a few are still waiting.
      if (buyerNumber % 4 !== 0) await markPaid(ctx, organizationId, actor, placed.order.id);
    }
  }
  // The visits of those who did not go on to checkout are still in the buffer.
  await ctx.visits.flush();
}
