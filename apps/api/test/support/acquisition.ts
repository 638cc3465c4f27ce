import { randomUUID } from 'node:crypto';
import {
  acquisitionSettings,
  acquisitionTouches,
  orderAttributions,
  trackingLinks,
} from '@guichet/db/schema/acquisition';
import type { CreateTrackingLinkBody, RecordVisitBody, TrackingLink } from '@guichet/shared/acquisition';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Shop } from './orders';
import { orgHeaders } from './teams';

/** A browser's user agent: visits sent with it are people's. */
export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export function linkBody(
  shop: Shop,
  overrides: Partial<CreateTrackingLinkBody> = {},
): CreateTrackingLinkBody {
  return {
    eventId: shop.event.id,
    name: 'Instagram bio',
    channel: 'social',
    utmSource: 'instagram',
    utmMedium: 'social',
    utmCampaign: 'summer',
    ...overrides,
  };
}

export async function createLink(
  app: App,
  shop: Shop,
  overrides: Partial<CreateTrackingLinkBody> = {},
): Promise<TrackingLink> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/acquisition/links',
    headers: orgHeaders(shop.admin.accessToken, shop.organizationId),
    payload: linkBody(shop, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TrackingLink>();
}

/**
 * Sends the public page's visit beacon as a browser would, then writes the process's buffered visits (the
 * timer would within a second) so the test reads what the beacon recorded.
 */
export async function visit(
  app: App,
  shop: Shop,
  body: Partial<RecordVisitBody> = {},
  headers: Record<string, string> = { 'user-agent': BROWSER },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/visits',
    headers,
    payload: { orgSlug: shop.orgSlug, eventSlug: shop.event.slug, visitorId: randomUUID(), ...body },
  });
  await app.ctx.visits.flush();
  return response;
}

/** Everything the acquisition endpoints may change in an organisation. */
export async function acquisitionSnapshot(app: App, organizationId: string) {
  const db = app.ctx.db;
  const [links, touches, attributions, settings] = await Promise.all([
    db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.organizationId, organizationId))
      .orderBy(asc(trackingLinks.id)),
    db
      .select()
      .from(acquisitionTouches)
      .where(eq(acquisitionTouches.organizationId, organizationId))
      .orderBy(asc(acquisitionTouches.id)),
    db
      .select()
      .from(orderAttributions)
      .where(eq(orderAttributions.organizationId, organizationId))
      .orderBy(asc(orderAttributions.orderId)),
    db.select().from(acquisitionSettings).where(eq(acquisitionSettings.organizationId, organizationId)),
  ]);
  return { links, touches, attributions, settings };
}
