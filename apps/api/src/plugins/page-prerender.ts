import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicEvent } from '@guichet/shared/orders';
import type { Language } from './page-preloads';

/**
 * The first pages drawn by the server: the web build's server module (`apps/web/src/app/prerender.tsx`,
 * built into `apps/web/dist-ssr`) renders the sign-in page and the public event page as their apps do, and
 * the HTML carries that drawing in its root element. A phone then paints the page as soon as the HTML and
 * the style sheet are in, instead of after the app's JavaScript has downloaded and run (Lighthouse's LCP
 * on a slow link: the JavaScript was most of it). The app replaces the drawing with the same page in one
 * commit when its code is here. Without that module (a development server) the pages are the app's alone.
 */

/** What the web build's server module exports. */
export interface PagePrerenderModule {
  renderSignInPage(locale: Language): Promise<string>;
  renderEventPage(event: PublicEvent, href: string, locale: Language, region?: string): Promise<string>;
}

/** How many drawings of event pages are kept (a drawing is reused while its event's public data is unchanged). */
const EVENT_DRAWINGS_KEPT = 200;

export class PagePrerender {
  private readonly signIn = new Map<Language, Promise<string>>();
  private readonly events = new Map<string, Promise<string>>();

  constructor(private readonly module: PagePrerenderModule) {}

  /** The build's server module, beside the web build (`dist-ssr` for `dist`); null when there is none. */
  static async load(webDist: string): Promise<PagePrerender | null> {
    const file = path.join(`${path.resolve(webDist)}-ssr`, 'prerender.js');
    if (!existsSync(file)) return null;
    return new PagePrerender((await import(pathToFileURL(file).href)) as PagePrerenderModule);
  }

  /** `/connection` in `language`: the same for every visitor, drawn once. */
  signInPage(language: Language): Promise<string> {
    let drawing = this.signIn.get(language);
    if (!drawing) {
      drawing = this.module.renderSignInPage(language);
      // A failed drawing is tried again at the next request rather than kept.
      drawing.catch(() => this.signIn.delete(language));
      this.signIn.set(language, drawing);
    }
    return drawing;
  }

  /**
   * The event page showing `event` (whose JSON, as sent with the page, is `json`) in `language`. Kept while
   * that JSON is unchanged: a page viewed again and again between two sales is drawn once.
   */
  eventPage(
    event: PublicEvent,
    json: string,
    pageUrl: string,
    language: Language,
    region?: string,
  ): Promise<string> {
    const key = `${language}:${region ?? ''}:${json}`;
    let drawing = this.events.get(key);
    if (drawing) {
      // Most recently used last: the oldest is the first to go.
      this.events.delete(key);
    } else {
      drawing = this.module.renderEventPage(event, pageUrl, language, region);
      drawing.catch(() => this.events.delete(key));
      if (this.events.size >= EVENT_DRAWINGS_KEPT) {
        const oldest = this.events.keys().next().value;
        if (oldest !== undefined) this.events.delete(oldest);
      }
    }
    this.events.set(key, drawing);
    return drawing;
  }
}

/**
 * The reader's first tag for `language` with a region (`en-US` in `en-US,en;q=0.9`): the browser writes
 * dates for that region, so the drawing does too. Undefined without one (the app's European default).
 */
export function regionOf(acceptLanguage: string | undefined, language: Language): string | undefined {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (/^[a-z]{2,3}-[a-z0-9]{2,8}$/i.test(tag) && tag.toLowerCase().startsWith(`${language}-`)) return tag;
  }
  return undefined;
}

/** JSON inside a script element: `<` escaped so no text of it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * `html` with `markup` drawn in its root element, in `language`, with the light colour scheme set on the
 * document before the app runs (Mantine's styles key on it), and, when given, data for the app in a JSON
 * script element (never run: the CSP's script rules do not concern it).
 */
export function withDrawnPage(
  html: string,
  markup: string,
  language: Language,
  data?: { id: string; json: string },
): string {
  const dataElement = data
    ? `<script type="application/json" id="${data.id}">${data.json}</script>\n    `
    : '';
  return (
    html
      .replace(/<html[^>]*>/i, `<html lang="${language}" data-mantine-color-scheme="light">`)
      // The drawing uses the style sheets of the page's own chunks (the buyer page's facts, the sign-in
      // fields): applied from the first paint, not merely fetched early, or the page moves when they apply.
      .replace(/<link rel="preload" as="style" /g, '<link rel="stylesheet" ')
      // Inert until the app replaces it: a click or a keystroke on the drawing would be lost with it.
      .replace(
        /<div id="root"><\/div>/,
        () => `${dataElement}<div id="root"><div inert>${markup}</div></div>`,
      )
  );
}
