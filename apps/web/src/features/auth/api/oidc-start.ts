import { API_BASE_URL } from '../../../lib/http-client';

/** GET /auth/oidc/{provider}/start: where the browser (a popup or the page itself) goes to sign in there. */
export function startUrl(providerId: string, mode: 'popup' | 'redirect', next: string | null): string {
  const query = new URLSearchParams({ mode, ...(next ? { next } : {}) });
  return `${API_BASE_URL}/auth/oidc/${encodeURIComponent(providerId)}/start?${query.toString()}`;
}
