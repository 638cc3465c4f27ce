import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, TEST_ENV } from '../../../test/support/orders';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Guichet — the back office for organisations that run events" />
    <title>Guichet</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'guichet-web-'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ ...TEST_ENV, WEB_DIST: webDist });
}, 180_000);
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] ?? 'null') : null;
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1];

describe('the public event page’s HTML', () => {
  it('carries the event’s title, description, previews and schema.org Event for a published event', async () => {
    const shop = await newShop(t.app, [
      { name: 'Standard', priceMinor: 2550, capacity: 100 },
      { name: 'Last one', priceMinor: 9000, capacity: 1 },
    ]);
    // Sell out the second type.
    const sold = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
      buyer: { name: 'Bea', email: 'bea@example.com' },
      lines: [{ ticketTypeId: shop.event.ticketTypes[1]!.id, quantity: 1 }],
      payment: 'comp',
      sendEmail: false,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const response = await t.app.inject({ method: 'GET', url: `/e/${shop.orgSlug}/${shop.event.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(`<title>${shop.event.name} · `);
    expect(html).not.toContain('<title>Guichet</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(html, 'og:title')).toContain(shop.event.name);
    expect(metaOf(html, 'og:url')).toBe(`http://localhost:4000/e/${shop.orgSlug}/${shop.event.slug}`);
    expect(metaOf(html, 'og:description')).toBeTruthy();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(metaOf(html, 'twitter:title')).toContain(shop.event.name);

    const data = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: shop.event.name,
      startDate: shop.event.startsAt,
      endDate: shop.event.endsAt,
      location: { '@type': 'Place', name: 'La Cigale', geo: { latitude: 48.882 } },
      offers: [
        {
          '@type': 'Offer',
          name: 'Standard',
          price: '25.50',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        },
        { name: 'Last one', price: '90.00', availability: 'https://schema.org/SoldOut' },
      ],
    });
  });

  it('escapes what organisers type, so it cannot leave its tag', async () => {
    const shop = await newShop(t.app, [
      { name: '</script><script>alert(1)</script>', priceMinor: 0, capacity: 5 },
    ]);
    const renamed = await shop.call('PATCH', `/api/events/${shop.event.id}`, {
      name: 'Night "with" <b>quotes</b>',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const html = (await t.app.inject({ method: 'GET', url: `/e/${shop.orgSlug}/${shop.event.slug}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Night &#34;with&#34; &#60;b&#62;quotes&#60;/b&#62;');
    expect(jsonLd(html).offers[0].name).toBe('</script><script>alert(1)</script>');
  });

  it('has none of it for a draft or an unknown event: the app’s own HTML', async () => {
    const shop = await newShop(t.app, [{ name: 'Entry', priceMinor: 0, capacity: 5 }]);
    const draft = await createEvent(t.app, shop.admin.accessToken, shop.organizationId, {
      name: 'Secret draft',
    });
    for (const url of [`/e/${shop.orgSlug}/${draft.slug}`, `/e/${shop.orgSlug}/no-such-event`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Guichet</title>');
      expect(response.body).not.toContain('application/ld+json');
      expect(response.body).not.toContain('og:title');
      expect(response.body).not.toContain('Secret draft');
    }
  });
});
