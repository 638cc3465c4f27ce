import type { OidcResult } from '@guichet/shared/sign-in-options';
import { escapeHtml } from '../../html';

/** The script of the page that ends a third-party sign-in (the CSP allows no inline script). */
export const COMPLETE_SCRIPT_PATH = '/api/auth/oidc/complete.js';

/**
 * In a popup opened by the sign-in page, posts the result to it (same origin only) and closes; otherwise
 * (redirect mode, or an opener that is gone) goes to the sign-in page with the result in the fragment.
 */
export const COMPLETE_SCRIPT = `(function () {
  var meta = document.querySelector('meta[name="guichet-oidc"]');
  var data = JSON.parse(meta.getAttribute('content'));
  if (data.mode === 'popup' && window.opener && !window.opener.closed) {
    try {
      // Reading another origin's location throws: that opener gets no message, this window goes on.
      if (window.opener.location.origin !== window.location.origin) throw new Error('foreign opener');
      window.opener.postMessage(data.result, window.location.origin);
      window.close();
      return;
    } catch (error) {}
  }
  window.location.replace(data.target);
})();
`;

/** Where the browser lands in redirect mode: the sign-in page, which reads the fragment. */
export function returnTarget(next: string | undefined, result: OidcResult): string {
  const fragment = new URLSearchParams({ oidc: result.status });
  if (result.code) fragment.set('code', result.code);
  if (result.challenge) fragment.set('challenge', result.challenge);
  const search = next ? `?${new URLSearchParams({ next }).toString()}` : '';
  return `/connection${search}#${fragment.toString()}`;
}

export function callbackPage(outcome: {
  mode: 'popup' | 'redirect' | undefined;
  next: string | undefined;
  result: OidcResult;
}): string {
  const target = returnTarget(outcome.next, outcome.result);
  const data = JSON.stringify({ mode: outcome.mode ?? 'popup', result: outcome.result, target });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guichet</title><meta name="viewport" content="width=device-width"><meta name="guichet-oidc" content="${escapeHtml(data)}"><script src="${COMPLETE_SCRIPT_PATH}" defer></script></head><body><noscript><a href="${escapeHtml(target)}">Continue</a></noscript></body></html>`;
}
