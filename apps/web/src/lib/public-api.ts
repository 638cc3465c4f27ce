import { API_BASE_URL, createApiClient, fetchImpl } from './http-client';

/**
 * The client of the calls made without a session: the sign-in pages (sign-in, sign-up, password recovery,
 * password policy) and the buyer's pages. It sends no token, so a 401 here answers the call itself (a wrong
 * password) and says nothing about a stored session: the error is shown, nothing is wiped.
 */
export const publicApi = createApiClient({
  baseUrl: API_BASE_URL,
  fetch: fetchImpl,
  getAccessToken: async () => null,
  getOrganizationId: () => null,
  onUnauthorized: () => {},
});
