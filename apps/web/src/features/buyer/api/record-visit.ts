import type { RecordVisitBody } from '@guichet/shared/acquisition';
import { publicApi } from '../../../lib/public-api';

/**
 * `POST /public/visits`: the page's first-party visit (or checkout started). Never retried and never in
 * the buyer's way: a lost visit is a lost count, not an error to show.
 */
export function recordVisit(body: RecordVisitBody): Promise<void> {
  return publicApi
    .post<void>('/public/visits', body, { retry: false, timeoutMs: 5000 })
    .catch(() => undefined);
}
