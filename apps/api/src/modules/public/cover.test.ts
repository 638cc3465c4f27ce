import type { EventDetail } from '@guichet/shared/events';
import type { PublicEvent } from '@guichet/shared/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop } from '../../../test/support/orders';
import { orgHeaders } from '../../../test/support/teams';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const publicUrl = (s: Shop) => `/api/public/events/${s.orgSlug}/${s.event.slug}`;

let t: TestContext;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp();
  shop = await newShop(t.app);
});
afterAll(async () => t.close());

async function setCover(target: Shop, eventId: string) {
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/events/covers',
    headers: { ...orgHeaders(target.admin.accessToken, target.organizationId), 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { fileId } = uploaded.json<{ fileId: string }>();
  const patched = await target.call('PATCH', `/api/events/${eventId}`, { coverFileId: fileId });
  expect(patched.statusCode, patched.body).toBe(200);
  return fileId;
}

describe('the public cover image', () => {
  it('is absent until the event has one', async () => {
    const page = await t.app.inject({ method: 'GET', url: publicUrl(shop) });
    expect(page.json<PublicEvent>().coverUrl).toBeNull();
    const cover = await t.app.inject({ method: 'GET', url: `${publicUrl(shop)}/cover` });
    expect(cover.statusCode).toBe(404);
  });

  it('is served to anyone for a published event, at an address that changes with the image', async () => {
    const fileId = await setCover(shop, shop.event.id);
    const page = (await t.app.inject({ method: 'GET', url: publicUrl(shop) })).json<PublicEvent>();
    expect(page.coverUrl).toBe(`/public/events/${shop.orgSlug}/${shop.event.slug}/cover?v=${fileId}`);
    const cover = await t.app.inject({ method: 'GET', url: `/api${page.coverUrl}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(cover.rawPayload, PNG)).toBe(0);
  });

  it('is not served once the event is back to draft, like the page itself', async () => {
    const other = await newShop(t.app);
    await setCover(other, other.event.id);
    const unpublished = await other.call('POST', `/api/events/${other.event.id}/unpublish`);
    expect(unpublished.json<EventDetail>().status).toBe('draft');
    const cover = await t.app.inject({ method: 'GET', url: `${publicUrl(other)}/cover` });
    expect(cover.statusCode).toBe(404);
  });
});
