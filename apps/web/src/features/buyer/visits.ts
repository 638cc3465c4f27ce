import type { RecordVisitBody } from '@guichet/shared/acquisition';
import { recordVisit } from './api/record-visit';

/**
 * First-party audience measurement of the event page: a random visitor id kept in this site's local
 * storage (no cookie, nothing shared with another site), renewed after 13 months, and where the visit came
 * from (a tracking link `?l=`, UTM values, the referrer, which the server reduces to its host).
 */

const STORAGE_KEY = 'guichet.visitor';
const LIFETIME_MS = 395 * 24 * 3600 * 1000;
let memoryId: string | null = null;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's visitor id (kept in memory only when storage is unavailable). */
export function visitorId(now = Date.now()): string {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      id?: unknown;
      since?: unknown;
    } | null;
    if (
      stored &&
      typeof stored.id === 'string' &&
      typeof stored.since === 'number' &&
      now - stored.since < LIFETIME_MS
    ) {
      return stored.id;
    }
    const id = randomId();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ id, since: now }));
    return id;
  } catch {
    memoryId ??= randomId();
    return memoryId;
  }
}

/** Where this page view came from, read from its address and the browser's referrer. */
export function landingOf(address: URL, referrer: string): Partial<RecordVisitBody> {
  const param = (name: string) => address.searchParams.get(name)?.trim().slice(0, 100) || undefined;
  const landing: Partial<RecordVisitBody> = {};
  const link = param('l');
  if (link && /^[0-9a-zA-Z]{8}$/.test(link)) landing.link = link;
  const utmSource = param('utm_source');
  const utmMedium = param('utm_medium');
  const utmCampaign = param('utm_campaign');
  if (utmSource) landing.utmSource = utmSource;
  if (utmMedium) landing.utmMedium = utmMedium;
  if (utmCampaign) landing.utmCampaign = utmCampaign;
  if (referrer) landing.referrer = referrer.slice(0, 2000);
  return landing;
}

// Once per page load and event: a re-render or a step back and forth is not another visit.
const sent = new Set<string>();

export function trackVisit(
  slugs: { orgSlug: string; eventSlug: string },
  kind: 'visit' | 'checkout',
  landing: Partial<RecordVisitBody> = {},
): void {
  const key = `${slugs.orgSlug}/${slugs.eventSlug}/${kind}`;
  if (sent.has(key) || !slugs.orgSlug || !slugs.eventSlug) return;
  sent.add(key);
  void recordVisit({ ...slugs, visitorId: visitorId(), kind, ...(kind === 'visit' ? landing : {}) });
}
