import { useSyncExternalStore } from 'react';
import { isPublicAuthPath, normalizePath } from '../../lib/public-paths';

/**
 * The light start-up's whole routing: the current path, kept in step with the history. Moving between the
 * sign-in pages stays in the page; anything else is a full load into the back office.
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

const currentPath = () => normalizePath(window.location.pathname);

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath, currentPath);
}

/** Goes to `to`: in the page for another sign-in page, with a full load for the back office. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isPublicAuthPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const address = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) window.history.replaceState(null, '', address);
  else window.history.pushState(null, '', address);
  window.scrollTo(0, 0);
  notify();
}
