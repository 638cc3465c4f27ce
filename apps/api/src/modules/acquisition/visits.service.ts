import { DEFAULT_ATTRIBUTION_WINDOW_DAYS, type recordVisitBodySchema } from '@guichet/shared/acquisition';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import * as repository from './touches.repository';

/**
 * First-party visits of public event pages. The page sends a beacon when it opens (and when the buyer
 * starts to pay); nothing personal is stored: no IP address, no user agent, only the random visitor id the
 * browser keeps, and of the referrer only its host. Bots and prefetches are recognised here and left out.
 */

type VisitBody = z.output<typeof recordVisitBodySchema>;

export interface VisitRequest {
  userAgent: string | undefined;
  /** `Sec-Purpose` / `Purpose` / `X-Moz`: a prefetch or prerender, not a person looking. */
  purpose: string | undefined;
}

/**
 * User agents of crawlers, link previewers, monitors and headless browsers. A browser that sends no user
 * agent at all is counted as a bot too.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrap|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|skype|bingpreview|headless|phantomjs|puppeteer|playwright|selenium|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-|httpclient|okhttp|go-http|java\/|axios\/|node-fetch|undici|postman|feedfetcher|mediapartners|adsbot|apis-google|yandex|baidu|semrush|ahrefs|mj12|petalbot|bytespider|gptbot|ccbot|claude|perplexity/i;

export function isBot(request: VisitRequest): boolean {
  const agent = request.userAgent?.trim() ?? '';
  if (agent.length < 10 || BOT_PATTERN.test(agent)) return true;
  return /prefetch|prerender|preview/i.test(request.purpose ?? '');
}

const SEARCH_HOSTS = /(^|\.)(google|bing|duckduckgo|qwant|ecosia|yahoo|startpage|yandex|baidu)\./;
const SOCIAL_HOSTS =
  /(^|\.)(facebook\.com|fb\.me|instagram\.com|t\.co|twitter\.com|x\.com|linkedin\.com|lnkd\.in|tiktok\.com|youtube\.com|reddit\.com|pinterest\.|threads\.net|bsky\.app|mastodon\.)/;

/** The referrer's host, lower-cased without `www.`; null when absent, unreadable or our own site. */
export function referrerHost(referrer: string | undefined, publicUrl: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const own = new URL(publicUrl).hostname.toLowerCase().replace(/^www\./, '');
    return host === own || host === '' ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

/** The channel a referrer host stands for: search engines, social networks, or any other site. */
export function referrerChannel(host: string): string {
  if (SEARCH_HOSTS.test(host)) return 'search';
  if (SOCIAL_HOSTS.test(host)) return 'social';
  return 'referral';
}

/** A channel from UTM values: the medium, else the source, as a short lower-case word. */
function utmChannel(body: VisitBody): string {
  const value = (body.utmMedium || body.utmSource || 'campaign').toLowerCase().trim();
  return value.slice(0, 40) || 'campaign';
}

const emptyToNull = (value: string | undefined) => (value ? value : null);

/** The window of attribution an organisation chose, in days. */
export async function windowDays(ctx: AppContext, organizationId: string): Promise<number> {
  return (await repository.attributionWindowDays(ctx.db, organizationId)) ?? DEFAULT_ATTRIBUTION_WINDOW_DAYS;
}

/**
 * Records a touch; answers whether it was kept (false for bots and unknown or unpublished events, which
 * the caller answers exactly like a kept one so the endpoint reveals nothing).
 */
export async function recordVisit(
  ctx: AppContext,
  body: VisitBody,
  request: VisitRequest,
  now = new Date(),
): Promise<boolean> {
  if (isBot(request)) return false;
  const event = await repository.findPublishedEvent(ctx.db, body.orgSlug, body.eventSlug);
  if (!event) return false;
  const base = {
    organizationId: event.organizationId,
    eventId: event.eventId,
    visitorId: body.visitorId,
    kind: body.kind,
    occurredAt: now,
  };
  if (body.kind === 'checkout') {
    // Credited as the order will be: to the visitor's last visit that came from somewhere, in the window.
    const days = await windowDays(ctx, event.organizationId);
    const since = new Date(now.getTime() - days * 86_400_000);
    const last = await repository.lastSourcedVisit(
      ctx.db,
      event.organizationId,
      event.eventId,
      body.visitorId,
      since,
    );
    await repository.insertTouch(
      ctx.db,
      last ? { ...base, ...last } : { ...base, source: 'direct', channel: 'direct' },
    );
    return true;
  }
  const link = body.link
    ? await repository.findEventLink(ctx.db, event.organizationId, event.eventId, body.link.toLowerCase())
    : undefined;
  if (link) {
    await repository.insertTouch(ctx.db, {
      ...base,
      source: 'link',
      channel: link.channel,
      linkId: link.id,
      utmSource: link.utmSource,
      utmMedium: link.utmMedium,
      utmCampaign: link.utmCampaign,
    });
    return true;
  }
  if (body.utmSource || body.utmMedium || body.utmCampaign) {
    await repository.insertTouch(ctx.db, {
      ...base,
      source: 'utm',
      channel: utmChannel(body),
      utmSource: emptyToNull(body.utmSource),
      utmMedium: emptyToNull(body.utmMedium),
      utmCampaign: emptyToNull(body.utmCampaign),
    });
    return true;
  }
  const host = referrerHost(body.referrer, ctx.config.publicUrl);
  await repository.insertTouch(
    ctx.db,
    host
      ? { ...base, source: 'referrer', channel: referrerChannel(host), referrerHost: host }
      : { ...base, source: 'direct', channel: 'direct' },
  );
  return true;
}

export async function getSettings(ctx: AppContext, organizationId: string) {
  return { attributionWindowDays: await windowDays(ctx, organizationId) };
}

export async function saveSettings(
  ctx: AppContext,
  organizationId: string,
  settings: { attributionWindowDays: number },
) {
  await repository.saveAttributionWindow(ctx.db, organizationId, settings.attributionWindowDays);
  return getSettings(ctx, organizationId);
}
