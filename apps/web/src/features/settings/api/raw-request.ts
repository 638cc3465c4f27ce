import { API_BASE_URL, handleUnauthorized, tokenManager } from '../../../lib/api-client';
import { errorFromBody } from '../../../lib/api-error';
import { sessionStore } from '../../../lib/session/store';

/**
 * A call whose body or answer is not JSON (image bytes): same token, organisation and 401 rule as the
 * API client, which only speaks JSON.
 */
export async function rawRequest(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: { bytes: Blob; contentType: string },
): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = await tokenManager.getValidToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const organizationId = sessionStore.getState().organizationId;
  if (organizationId) headers['X-Organization-ID'] = organizationId;
  if (body) headers['Content-Type'] = body.contentType;
  const response = await fetch(`${API_BASE_URL}${path}`, {
    method,
    headers,
    body: body?.bytes,
    credentials: 'include',
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) {
    const json = await response.json().catch(() => null);
    throw errorFromBody(response.status, json);
  }
  return response;
}
