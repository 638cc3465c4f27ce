import type { TrackingLink, TrackingLinksPage } from '@guichet/shared/acquisition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, linkBody } from '../../../test/support/acquisition';
import { createEvent } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, TEST_ENV } from '../../../test/support/orders';
import { insertLink } from './links.repository';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, PUBLIC_URL: 'https://tickets.example.org' });
});
afterAll(async () => t.close());

describe('tracking links', () => {
  it('are created with a short code, a short address and the page they lead to', async () => {
    const shop = await newShop(t.app);
    const link = await createLink(t.app, shop, { name: '  Poster at the café  ', channel: 'Poster' });
    expect(link.name).toBe('Poster at the café');
    expect(link.channel).toBe('poster');
    expect(link.code).toMatch(/^[0-9a-z]{8}$/);
    expect(link.shortUrl).toBe(`https://tickets.example.org/t/${link.code}`);
    expect(link.targetUrl).toBe(
      `https://tickets.example.org/e/${shop.orgSlug}/${shop.event.slug}?l=${link.code}&utm_source=instagram&utm_medium=social&utm_campaign=summer`,
    );
    expect(link.eventName).toBe(shop.event.name);
    const read = await shop.call('GET', `/api/acquisition/links/${link.id}`);
    expect(read.json()).toEqual(link);
  });

  it('short addresses redirect to the event page with the link, and unknown ones are 404', async () => {
    const shop = await newShop(t.app);
    const link = await createLink(t.app, shop, { utmSource: null, utmMedium: '', utmCampaign: undefined });
    expect(link.utmMedium).toBeNull();
    const response = await t.app.inject({ method: 'GET', url: `/t/${link.code.toUpperCase()}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `https://tickets.example.org/e/${shop.orgSlug}/${shop.event.slug}?l=${link.code}`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/t/zzzzzzzz' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/t/%3Cscript%3E' })).statusCode).toBe(404);
  });

  it("answer an unknown short address in the reader's language, as the app's 404 page", async () => {
    const french = await t.app.inject({
      method: 'GET',
      url: '/t/zzzzzzzz',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' },
    });
    expect(french.statusCode).toBe(404);
    expect(french.headers['content-type']).toContain('text/html');
    expect(french.headers.vary).toContain('accept-language');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Lien introuvable</h1>');
    expect(french.body).toContain('href="/"');
    for (const header of ['en-GB,en;q=0.9,fr;q=0.8', undefined]) {
      const english = await t.app.inject({
        method: 'GET',
        url: '/t/zzzzzzzz',
        headers: header ? { 'accept-language': header } : {},
      });
      expect(english.statusCode).toBe(404);
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('<h1>Link not found</h1>');
      expect(english.body).toContain('>404<');
    }
  });

  it('are listed newest first by cursor pages, for one event or all', async () => {
    const shop = await newShop(t.app);
    const other = await createEvent(t.app, shop.admin.accessToken, shop.organizationId, { name: 'Other' });
    const made: TrackingLink[] = [];
    for (let i = 0; i < 5; i++) made.push(await createLink(t.app, shop, { name: `Link ${i}` }));
    made.push(await createLink(t.app, shop, { eventId: other.id, name: 'Other link' }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TrackingLinksPage = (
        await shop.call('GET', `/api/acquisition/links?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Other link', 'Link 4', 'Link 3', 'Link 2', 'Link 1', 'Link 0']);
    const ofEvent = (await shop.call('GET', `/api/acquisition/links?eventId=${other.id}`)).json();
    expect(ofEvent.items.map((item: TrackingLink) => item.name)).toEqual(['Other link']);
  });

  it('are updated and deleted; their code stays; a deleted one no longer redirects', async () => {
    const shop = await newShop(t.app);
    const link = await createLink(t.app, shop);
    const updated = await shop.call('PATCH', `/api/acquisition/links/${link.id}`, {
      name: 'Newsletter',
      channel: 'email',
      utmCampaign: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Newsletter',
      channel: 'email',
      code: link.code,
      utmCampaign: null,
      utmSource: 'instagram',
    });
    const deleted = await shop.call('DELETE', `/api/acquisition/links/${link.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await shop.call('GET', `/api/acquisition/links/${link.id}`)).statusCode).toBe(404);
    expect((await shop.call('DELETE', `/api/acquisition/links/${link.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/t/${link.code}` })).statusCode).toBe(404);
  });

  it('refuse bad input with 400 and another organisation’s event with 404', async () => {
    const shop = await newShop(t.app);
    const outsider = await newShop(t.app);
    const bad = [
      linkBody(shop, { name: '' }),
      linkBody(shop, { name: 'x'.repeat(121) }),
      linkBody(shop, { channel: '' }),
      linkBody(shop, { channel: '=cmd|calc' }),
      linkBody(shop, { utmSource: 'x'.repeat(101) }),
      { ...linkBody(shop), eventId: 'not-a-uuid' },
      { name: 'No event', channel: 'social' },
    ];
    for (const payload of bad) {
      const response = await shop.call('POST', '/api/acquisition/links', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const foreign = await shop.call('POST', '/api/acquisition/links', linkBody(outsider));
    expect(foreign.statusCode).toBe(404);
    const link = await createLink(t.app, shop);
    expect((await shop.call('PATCH', `/api/acquisition/links/${link.id}`, {})).statusCode).toBe(400);
    expect((await shop.call('GET', '/api/acquisition/links/nope')).statusCode).toBe(400);
    expect((await shop.call('GET', '/api/acquisition/links?limit=1000')).statusCode).toBe(400);
    expect((await outsider.call('GET', `/api/acquisition/links/${link.id}`)).statusCode).toBe(404);
    expect(
      (await outsider.call('PATCH', `/api/acquisition/links/${link.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
  });

  it('never share a code: the database refuses a taken one, across organisations', async () => {
    const shop = await newShop(t.app);
    const other = await newShop(t.app);
    const link = await createLink(t.app, shop);
    const again = await Promise.all(
      [other, other, shop].map((owner) =>
        insertLink(t.app.ctx.db, {
          organizationId: owner.organizationId,
          eventId: owner.event.id,
          code: link.code,
          name: 'Copy',
          channel: 'social',
        }),
      ),
    );
    expect(again).toEqual([false, false, false]);
    const response = await t.app.inject({ method: 'GET', url: `/t/${link.code}` });
    expect(response.headers.location).toContain(`/e/${shop.orgSlug}/`);
  });
});
