import { useSyncExternalStore } from 'react';
import { isBuyerPath } from '../../lib/public-paths';

/**
 * The buyer app's routing: the current address, kept in step with the history. Between buyer pages it
 * stays in the page; anything else is a full load (the back office has its own start-up).
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** Path and query together: the order page reads `?order=`. */
const current = () => `${window.location.pathname}${window.location.search}`;

export function useAddress(): URL {
  const address = useSyncExternalStore(subscribe, current, current);
  return new URL(address, window.location.origin);
}

export function navigate(to: string): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isBuyerPath(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  window.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
  window.scrollTo(0, 0);
  notify();
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
