import type { PublicEvent } from '@guichet/shared/orders';
import { describe, expect, it } from 'vitest';
import {
  PagePrerender,
  type PagePrerenderModule,
  regionOf,
  scriptJson,
  withDrawnPage,
} from './page-prerender';
import { encodingFor } from './web';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="preload" as="style" crossorigin href="/assets/buyer-2.css">
    <link rel="modulepreload" crossorigin href="/assets/buyer-app-3.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a page drawn by the server', () => {
  it('carries the drawing in its root, in the language drawn, styled from the first paint', () => {
    const html = withDrawnPage(INDEX, '<h1>Jazz $& co</h1>', 'fr');
    expect(html).toContain('<html lang="fr" data-mantine-color-scheme="light">');
    // `$&` is text of the page, not a replacement pattern.
    expect(html).toContain('<div id="root"><div inert><h1>Jazz $& co</h1></div></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/buyer-2.css">');
    expect(html).not.toContain('rel="preload" as="style"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/buyer-app-3.js">');
  });

  it('sends data as JSON that no text can close', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script>' });
    const html = withDrawnPage(INDEX, '<p>x</p>', 'en', { id: 'guichet-public-event', json });
    const element = /<script type="application\/json" id="guichet-public-event">([\s\S]*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(element?.[1] ?? 'null')).toEqual({ name: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html.indexOf('guichet-public-event')).toBeLessThan(html.indexOf('<div id="root">'));
  });
});

describe('the drawings kept', () => {
  function counting() {
    const calls = { signIn: 0, event: 0 };
    const module: PagePrerenderModule = {
      renderSignInPage: async (locale) => {
        calls.signIn++;
        if (calls.signIn === 1) throw new Error('not drawn');
        return `<p>${locale}</p>`;
      },
      renderEventPage: async (event, _href, locale) => {
        calls.event++;
        return `<h1>${event.name} ${locale}</h1>`;
      },
    };
    return { calls, prerender: new PagePrerender(module) };
  }

  it('draws the sign-in page once per language, and again after a failure', async () => {
    const { calls, prerender } = counting();
    await expect(prerender.signInPage('en')).rejects.toThrow('not drawn');
    expect(await prerender.signInPage('en')).toBe('<p>en</p>');
    expect(await prerender.signInPage('en')).toBe('<p>en</p>');
    expect(await prerender.signInPage('fr')).toBe('<p>fr</p>');
    expect(calls.signIn).toBe(3);
  });

  it('draws an event page again when what the page shows of the event changes', async () => {
    const { calls, prerender } = counting();
    const event = { name: 'Jazz' } as PublicEvent;
    const url = 'https://tickets.example/e/demo/jazz';
    await prerender.eventPage(event, '{"name":"Jazz","available":3}', url, 'en');
    await prerender.eventPage(event, '{"name":"Jazz","available":3}', url, 'en');
    expect(calls.event).toBe(1);
    await prerender.eventPage(event, '{"name":"Jazz","available":2}', url, 'en');
    await prerender.eventPage(event, '{"name":"Jazz","available":2}', url, 'fr');
    expect(calls.event).toBe(3);
  });
});

describe('the region a drawing writes dates for', () => {
  it('is the reader’s first tag with a region in the language drawn', () => {
    expect(regionOf('en-US,en;q=0.9,fr;q=0.8', 'en')).toBe('en-US');
    expect(regionOf('fr,fr-CA;q=0.9,en-GB;q=0.5', 'fr')).toBe('fr-CA');
    expect(regionOf('en', 'en')).toBeUndefined();
    expect(regionOf('de-DE,en;q=0.5', 'en')).toBeUndefined();
    expect(regionOf(undefined, 'fr')).toBeUndefined();
  });
});

describe('the encoding of a page', () => {
  it('prefers brotli, then gzip, and honours a refusal', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('gzip')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor(undefined)).toBeNull();
  });
});
