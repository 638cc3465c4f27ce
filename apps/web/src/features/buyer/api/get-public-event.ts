import type { PublicEvent } from '@guichet/shared/orders';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { API_BASE_URL } from '../../../lib/http-client';
import { publicApi } from '../../../lib/public-api';
import { forgetProvided, providedValue, takePrefetched } from './prefetch';

/** `GET /public/events/{organisation}/{event}`: a published event with what is on sale. */
export function getPublicEvent(
  orgSlug: string,
  eventSlug: string,
  signal?: AbortSignal,
): Promise<PublicEvent> {
  const path = `/public/events/${encodeURIComponent(orgSlug)}/${encodeURIComponent(eventSlug)}`;
  return publicApi.get<PublicEvent>(path, { signal });
}

/** The event's key among the data asked for early (see `prefetch.ts`). */
export const publicEventKey = (orgSlug: string, eventSlug: string) => `event:${orgSlug}/${eventSlug}`;

/** The address of the event's cover image, if it has one. */
export function coverSource(event: { coverUrl: string | null }): string | null {
  return event.coverUrl ? `${API_BASE_URL}${event.coverUrl}` : null;
}

export type EventState =
  | { kind: 'loading' }
  | { kind: 'ready'; event: PublicEvent }
  | { kind: 'missing' }
  | { kind: 'failed'; error: unknown };

/**
 * The public event, loaded once; `reload` fetches the availability again (after a sold-out answer) and
 * keeps the page on screen meanwhile, so nothing jumps.
 */
export function usePublicEvent(orgSlug: string, eventSlug: string) {
  const [state, setState] = useState<EventState>(() => {
    const event = providedValue<PublicEvent>(publicEventKey(orgSlug, eventSlug));
    return event ? { kind: 'ready', event } : { kind: 'loading' };
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    // The event came with the page: nothing to load on this first mount.
    if (version === 0 && forgetProvided(publicEventKey(orgSlug, eventSlug))) return;
    const controller = new AbortController();
    const load =
      takePrefetched<PublicEvent>(publicEventKey(orgSlug, eventSlug)) ??
      getPublicEvent(orgSlug, eventSlug, controller.signal);
    load.then(
      (event) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', event });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.status === 404) setState({ kind: 'missing' });
        else setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed', error }));
      },
    );
    return () => controller.abort();
  }, [orgSlug, eventSlug, version]);

  const reload = useCallback(async () => {
    const event = await getPublicEvent(orgSlug, eventSlug);
    setState({ kind: 'ready', event });
    return event;
  }, [orgSlug, eventSlug]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setVersion((value) => value + 1);
  }, []);

  return { state, reload, retry };
}
