import type { CreatePublicOrderBody, PublicEvent, PublicOrder } from '@guichet/shared/orders';
import type { CheckoutLink } from '@guichet/shared/payments';
import { ApiError, errorFromBody, parseRetryAfter } from '../../lib/api-error';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from '../../lib/http-client';
import { publicApi } from '../../lib/public-api';

/** The buyer's calls: all public, no session. */
const segment = encodeURIComponent;

/** The address of the event's cover image, if it has one. */
export function coverSource(event: { coverUrl: string | null }): string | null {
  return event.coverUrl ? `${API_BASE_URL}${event.coverUrl}` : null;
}

export function fetchPublicEvent(orgSlug: string, eventSlug: string, signal?: AbortSignal) {
  return publicApi.get<PublicEvent>(`/public/events/${segment(orgSlug)}/${segment(eventSlug)}`, { signal });
}

/** The PDF of a paid order's tickets (the one the e-mail carries), downloaded by the browser itself. */
export function ticketsPdfUrl(code: string): string {
  return `${API_BASE_URL}/public/orders/${segment(code)}/tickets.pdf`;
}

export function fetchPublicOrder(code: string, signal?: AbortSignal) {
  return publicApi.get<PublicOrder>(`/public/orders/${segment(code)}`, { signal });
}

/**
 * The first page's data, asked for as the app starts, while the page's code is still downloading (on a
 * phone network that is one round trip fewer before the content shows). The page takes it once.
 */
const early = new Map<string, Promise<unknown>>();

export function prefetch(key: string, load: () => Promise<unknown>): void {
  const promise = load();
  // Handled by the page that takes it; not an unhandled rejection meanwhile.
  promise.catch(() => undefined);
  early.set(key, promise);
}

export function takePrefetched<T>(key: string): Promise<T> | undefined {
  const promise = early.get(key);
  early.delete(key);
  return promise as Promise<T> | undefined;
}

/** `/e/{organisation}/{event}` → the two slugs. */
export function eventSlugsOf(pathname: string): { orgSlug: string; eventSlug: string } {
  const [, , orgSlug = '', eventSlug = ''] = pathname.split('/').map(decodeURIComponent);
  return { orgSlug, eventSlug };
}

/** `/checkout/firebase?order=CODE` → the code, or null without one. */
export function orderCodeOf(address: URL): string | null {
  return address.searchParams.get('order')?.trim() || null;
}

export const eventKey = (orgSlug: string, eventSlug: string) => `event:${orgSlug}/${eventSlug}`;
export const orderKey = (code: string) => `order:${code}`;

/**
 * Places the order, once: the caller retries with the same Idempotency-Key, so the server tells a retry
 * from a new order. A plain fetch because the shared client sends no extra headers; errors end as the
 * same `ApiError`s.
 */
export async function placePublicOrder(
  orgSlug: string,
  eventSlug: string,
  body: CreatePublicOrderBody,
  idempotencyKey: string,
): Promise<PublicOrder> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/public/events/${segment(orgSlug)}/${segment(eventSlug)}/orders`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? 'request-timeout' : 'network-request-failed', String(error));
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    throw errorFromBody(
      response.status,
      json,
      parseRetryAfter(response.headers.get('Retry-After'), Date.now()),
    );
  }
  return json as PublicOrder;
}

/** "Continue to payment": the Stripe Checkout page of a card order still reserved (made if needed). */
export function fetchCheckoutLink(code: string) {
  return publicApi.post<CheckoutLink>(`/public/orders/${segment(code)}/checkout`, {});
}
