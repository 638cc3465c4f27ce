import type { PublicEvent } from '@guichet/shared/orders';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { eventKey, fetchPublicEvent, takePrefetched } from './buyer-api';

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
  const [state, setState] = useState<EventState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void version;
    const controller = new AbortController();
    const load =
      takePrefetched<PublicEvent>(eventKey(orgSlug, eventSlug)) ??
      fetchPublicEvent(orgSlug, eventSlug, controller.signal);
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
    const event = await fetchPublicEvent(orgSlug, eventSlug);
    setState({ kind: 'ready', event });
    return event;
  }, [orgSlug, eventSlug]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setVersion((value) => value + 1);
  }, []);

  return { state, reload, retry };
}
