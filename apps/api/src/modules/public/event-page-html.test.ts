import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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

/**
 * The web build's server module as the API imports it (`dist-ssr/prerender.js` beside `dist`), drawing
 * a page that shows what it was given: the real one is the web app's, tested there.
 */
const PRERENDER = `const escape = (text) => String(text).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderSignInPage(locale) { return '<p>sign-in ' + locale + '</p>'; }
export async function renderEventPage(event, href, locale) {
  return '<h1 class="drawn">' + escape(event.name) + '</h1><p>' + locale + ' ' + escape(href) + '</p>';
}`;

let t: TestContext;
let build: string;
beforeAll(async () => {
  build = await mkdtemp(path.join(tmpdir(), 'guichet-web-'));
  await mkdir(path.join(build, 'dist'));
  await mkdir(path.join(build, 'dist-ssr'));
  await writeFile(path.join(build, 'dist', 'index.html'), INDEX);
  await writeFile(path.join(build, 'dist-ssr', 'prerender.js'), PRERENDER);
  t = await createTestApp({ ...TEST_ENV, WEB_DIST: path.join(build, 'dist') });
}, 180_000);
afterAll(async () => {
  await t.close();
  await rm(build, { recursive: true, force: true });
});

function providedEvent(html: string) {
  const match = /<script type="application\/json" id="guichet-public-event">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] ?? 'null') : null;
}

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
    expect(providedEvent(html).ticketTypes[0].name).toBe('</script><script>alert(1)</script>');
  });

  it('comes drawn, in the reader’s language, with the event it shows beside it for the app', async () => {
    const shop = await newShop(t.app, [{ name: 'Standard', priceMinor: 1000, capacity: 10 }]);
    const url = `/e/${shop.orgSlug}/${shop.event.slug}`;
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    const html = response.body;
    expect(response.headers.vary).toContain('accept-language');
    expect(html).toContain('<html lang="fr" data-mantine-color-scheme="light">');
    expect(html).toContain(
      `<div id="root"><div inert><h1 class="drawn">${shop.event.name}</h1><p>fr http://localhost:4000${url}</p></div></div>`,
    );
    expect(providedEvent(html)).toMatchObject({ id: shop.event.id, name: shop.event.name });
    expect(providedEvent(html).ticketTypes[0]).toMatchObject({ name: 'Standard', available: 10 });
    const english = (await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })).body;
    expect(english).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(english).toContain(`<p>en http://localhost:4000${url}</p>`);
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
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('guichet-public-event');
    }
  });
});
