import { isApiError } from '../../../lib/api-error';
import { scanApi } from './scan-client';

/**
 * `GET /health`: whether the server answers (the connectivity probe, repeated on its own schedule, so no
 * retry here). No session needed. No answer at all throws.
 */
export async function probeServer(signal: AbortSignal): Promise<boolean> {
  try {
    await scanApi.get('/health', { auth: false, organizationId: null, retry: false, signal });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status > 0) return false;
    throw error;
  }
}
