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
 * Records a touch; answers whether it was taken (false for bots, and for everything when recording is
 * off). A page visit goes into the process's buffer, written within a second with its event and link
 * resolved by slug and code (decision 037): one of an unknown or unpublished event is dropped then. A
 * checkout started is written at once, after the buffer (it is credited from the visitor's earlier visits);
 * one of an unknown or unpublished event answers false. The caller answers all of these alike.
 */
export async function recordVisit(
  ctx: AppContext,
  body: VisitBody,
  request: VisitRequest,
  now = new Date(),
): Promise<boolean> {
  if (!ctx.config.visits.recording || isBot(request)) return false;
  if (body.kind === 'visit') {
    ctx.visits.add({
      orgSlug: body.orgSlug,
      eventSlug: body.eventSlug,
      visitorId: body.visitorId,
      link: body.link ? body.link.toLowerCase() : null,
      ...unlinkedSource(body, ctx.config.publicUrl),
      occurredAt: now.toISOString(),
    });
    return true;
  }
  const event = await repository.findPublishedEvent(ctx.db, body.orgSlug, body.eventSlug);
  if (!event) return false;
  // Credited as the order will be: to the visitor's last visit that came from somewhere, in the window.
  await ctx.visits.flush();
  const days = await windowDays(ctx, event.organizationId);
  const since = new Date(now.getTime() - days * 86_400_000);
  const last = await repository.lastSourcedVisit(
    ctx.db,
    event.organizationId,
    event.eventId,
    body.visitorId,
    since,
  );
  const base = {
    organizationId: event.organizationId,
    eventId: event.eventId,
    visitorId: body.visitorId,
    kind: body.kind,
    occurredAt: now,
  };
  await repository.insertTouch(
    ctx.db,
    last ? { ...base, ...last } : { ...base, source: 'direct', channel: 'direct' },
  );
  return true;
}

/**
 * What a visit is when its link code names no link of the event (or it has none): UTM values, else an
 * outside referrer, else direct. A link found when the visit is written wins over this.
 */
function unlinkedSource(body: VisitBody, publicUrl: string) {
  const none = { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null };
  if (body.utmSource || body.utmMedium || body.utmCampaign) {
    return {
      ...none,
      source: 'utm' as const,
      channel: utmChannel(body),
      utmSource: emptyToNull(body.utmSource),
      utmMedium: emptyToNull(body.utmMedium),
      utmCampaign: emptyToNull(body.utmCampaign),
    };
  }
  const host = referrerHost(body.referrer, publicUrl);
  return host
    ? { ...none, source: 'referrer' as const, channel: referrerChannel(host), referrerHost: host }
    : { ...none, source: 'direct' as const, channel: 'direct' };
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
