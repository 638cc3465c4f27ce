import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { minorToDecimal } from '@guichet/shared/money';
import type { PublicEvent } from '@guichet/shared/orders';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { escapeHtml } from '../../html';
import { languageOf, type PagePreloads } from '../../plugins/page-preloads';
import { type PagePrerender, regionOf, scriptJson, withDrawnPage } from '../../plugins/page-prerender';
import { getPublicEvent } from './public.service';

/**
 * The public event page's HTML with the event in it: its title, a description, its cover as `og:*` and
 * Twitter card tags, and schema.org `Event` JSON-LD (dates, place, offers with price and availability),
 * so a shared link previews the event and search engines can list it without running the app. A draft,
 * an unknown event or a failed read gets the app's plain HTML: the app then says what it says today.
 */

const params = z.object({ orgSlug: z.string().min(1).max(200), eventSlug: z.string().min(1).max(200) });

/** The description as plain text for previews: tags dropped, entities of the editor decoded, 200 characters. */
export function plainText(html: string, max = 200): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function eventJsonLd(event: PublicEvent, pageUrl: string, imageUrl: string | null) {
  const place =
    event.locationType === 'online'
      ? { '@type': 'VirtualLocation', url: pageUrl }
      : {
          '@type': 'Place',
          name: event.venue?.name ?? undefined,
          address: event.venue?.address ?? undefined,
          ...(event.venue?.latitude != null && event.venue.longitude != null
            ? {
                geo: {
                  '@type': 'GeoCoordinates',
                  latitude: event.venue.latitude,
                  longitude: event.venue.longitude,
                },
              }
            : {}),
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: plainText(event.description, 500) || undefined,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode:
      event.locationType === 'online'
        ? 'https://schema.org/OnlineEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode',
    location: place,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    organizer: { '@type': 'Organization', name: event.organization.name },
    url: pageUrl,
    // Members-only tickets are not offered to everyone: search engines are not told of them.
    offers: event.ticketTypes
      .filter((type) => !type.membersOnly)
      .map((type) => ({
        '@type': 'Offer',
        name: type.name,
        price: minorToDecimal(type.priceMinor, type.currency),
        priceCurrency: type.currency,
        availability: type.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        url: pageUrl,
        ...(type.salesEnd ? { validThrough: type.salesEnd } : {}),
      })),
  };
}

/** The head of the app's HTML with the event's title, description, previews and JSON-LD. */
export function withEventHead(html: string, event: PublicEvent, publicUrl: string): string {
  const pageUrl = `${publicUrl}/e/${encodeURIComponent(event.organization.slug)}/${encodeURIComponent(event.slug)}`;
  const imageUrl = event.coverUrl ? `${publicUrl}/api${event.coverUrl}` : null;
  const title = `${event.name} · ${event.organization.name}`;
  const description = plainText(event.description) || `${event.name} · ${event.organization.name}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', event.organization.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(imageUrl ? [meta('property', 'og:image', imageUrl)] : []),
    meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(imageUrl ? [meta('name', 'twitter:image', imageUrl)] : []),
    `<script type="application/ld+json">${scriptJson(eventJsonLd(event, pageUrl, imageUrl))}</script>`,
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '')
    .replace(/<\/head>/i, `    ${head}\n  </head>`);
}

/** The id of the JSON element with the event the page was drawn with (the buyer app's `PROVIDED_EVENT_ID`). */
const PROVIDED_EVENT_ID = 'guichet-public-event';

/** What serves the page: the web build, its preload links, and the server's drawing of the page if built. */
export interface EventPageBuild {
  webDist: string;
  preloads: PagePreloads | null;
  prerender: PagePrerender | null;
}

/**
 * `GET /e/:org/:event`; without a web build to serve, what no route answers (the API's 404). A published
 * event's page comes drawn (its title, date, place and tickets: the first paint is the page, not a blank
 * screen waiting for the app) with the event's data beside it, so the app starts from it without asking.
 */
export function registerEventPageHtml(
  app: FastifyInstance,
  ctx: AppContext,
  build: EventPageBuild | null,
): void {
  // The build's HTML changes only with a new build (a new process): read once.
  let template: Promise<string> | null = null;
  app.get(
    '/e/:orgSlug/:eventSlug',
    { config: { access: 'public.eventPage' }, schema: { hide: true } },
    async (request, reply) => {
      if (!build) return reply.callNotFound();
      const language = languageOf(request.headers['accept-language']);
      template ??= readFile(path.join(build.webDist, 'index.html'), 'utf8');
      const pathname = request.url.split('?')[0] ?? '';
      const html = build.preloads?.htmlFor(pathname, language) ?? (await template);
      const parsed = params.safeParse(request.params);
      let event: PublicEvent | null = null;
      if (parsed.success) {
        try {
          event = await getPublicEvent(ctx, parsed.data.orgSlug, parsed.data.eventSlug);
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'not-found')) throw error;
        }
      }
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language');
      if (!event) return reply.send(html);
      const page = withEventHead(html, event, ctx.config.publicUrl);
      if (!build.prerender) return reply.send(page);
      const json = scriptJson(event);
      const pageUrl = `${ctx.config.publicUrl}/e/${encodeURIComponent(event.organization.slug)}/${encodeURIComponent(event.slug)}`;
      const drawing = await build.prerender
        .eventPage(event, json, pageUrl, language, regionOf(request.headers['accept-language'], language))
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'the event page could not be drawn on the server');
          return null;
        });
      return reply.send(
        drawing ? withDrawnPage(page, drawing, language, { id: PROVIDED_EVENT_ID, json }) : page,
      );
    },
  );
}
