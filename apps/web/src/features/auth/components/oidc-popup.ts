import { OIDC_MESSAGE_TYPE, type OidcResult, SIGN_IN_POPUP } from '@guichet/shared/sign-in-options';
import { ApiError } from '../../../lib/api-error';

const POLL_MS = 500;

let cancelActive: (() => void) | null = null;

const failure = (code: 'popup-blocked' | 'popup-closed-by-user' | 'cancelled-popup-request') =>
  new ApiError(0, code, code);

export function isOidcResult(value: unknown): value is OidcResult {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === OIDC_MESSAGE_TYPE
  );
}

/**
 * Opens the provider in a 500×600 popup (spec §9) and waits for the end page's message. Throws
 * `popup-blocked` when the browser refuses the window, `cancelled-popup-request` when another sign-in
 * replaces this one, and `popup-closed-by-user` when the window stays closed for the grace period without
 * a result (about 8 s: a result posted just before closing may still be on its way).
 */
export function signInWithPopup(url: string): Promise<OidcResult> {
  cancelActive?.();
  const { width, height, closeGraceMs } = SIGN_IN_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(
    url,
    'guichet-sign-in',
    `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) return Promise.reject(failure('popup-blocked'));

  return new Promise<OidcResult>((resolve, reject) => {
    let closedSince: number | null = null;
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      cancelActive = null;
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOidcResult(event.data)) return;
      cleanup();
      resolve(event.data);
    };
    const timer = window.setInterval(() => {
      if (!popup.closed) {
        closedSince = null;
        return;
      }
      closedSince ??= Date.now();
      if (Date.now() - closedSince >= closeGraceMs) {
        cleanup();
        reject(failure('popup-closed-by-user'));
      }
    }, POLL_MS);
    cancelActive = () => {
      cleanup();
      if (!popup.closed) popup.close();
      reject(failure('cancelled-popup-request'));
    };
    window.addEventListener('message', onMessage);
  });
}

/** The result a redirect-mode sign-in leaves in the fragment of `/connection`, if any. */
export function resultFromFragment(hash: string): OidcResult | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const status = params.get('oidc');
  if (status !== 'ok' && status !== 'error') return null;
  const result: OidcResult = { type: OIDC_MESSAGE_TYPE, status };
  const code = params.get('code');
  const challenge = params.get('challenge');
  if (code) result.code = code;
  if (challenge) result.challenge = challenge;
  return result;
}
