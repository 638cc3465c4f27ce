import type { PublicOrder } from '@guichet/shared/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { publicApi } from '../../../lib/public-api';
import { takePrefetched } from './prefetch';

/** `GET /public/orders/{code}`: the order by its code, with its tickets once paid. */
export function getPublicOrder(code: string, signal?: AbortSignal): Promise<PublicOrder> {
  return publicApi.get<PublicOrder>(`/public/orders/${encodeURIComponent(code)}`, { signal });
}

/** The order's key among the data asked for early (see `prefetch.ts`). */
export const publicOrderKey = (code: string) => `order:${code}`;

/** How often a waiting order is asked again, and for how long before the buyer checks by hand. */
export const POLL_EVERY_MS = 4000;
export const POLL_FOR_MS = 5 * 60_000;

export type OrderState =
  | { kind: 'loading' }
  | { kind: 'ready'; order: PublicOrder }
  | { kind: 'missing' }
  | { kind: 'failed'; error: unknown };

/** Statuses that may still change without the buyer doing anything (payment arriving, expiry). */
export function isWaiting(status: PublicOrder['status']): boolean {
  return status === 'reserved' || status === 'pending_payment';
}

/**
 * The order by its code, asked again every few seconds while it waits for payment, for a few minutes; the
 * buyer can ask again by hand after that (`refresh` restarts the polling).
 */
export function useOrder(code: string | null) {
  const [state, setState] = useState<OrderState>(code ? { kind: 'loading' } : { kind: 'missing' });
  const [polling, setPolling] = useState(true);
  const [round, setRound] = useState(0);
  const startedAt = useRef(Date.now());

  useEffect(() => {
    void round;
    if (!code) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = takePrefetched<PublicOrder>(publicOrderKey(code));
    const load = () => {
      const request = first ?? getPublicOrder(code, controller.signal);
      first = undefined;
      request.then(
        (order) => {
          if (controller.signal.aborted) return;
          setState({ kind: 'ready', order });
          const keepGoing = isWaiting(order.status) && Date.now() - startedAt.current < POLL_FOR_MS;
          setPolling(keepGoing);
          if (keepGoing) timer = setTimeout(load, POLL_EVERY_MS);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.status === 404) setState({ kind: 'missing' });
          // A failed poll keeps the last status on screen; only a first load shows the error.
          else setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed', error }));
          setPolling(false);
        },
      );
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [code, round]);

  const refresh = useCallback(() => {
    startedAt.current = Date.now();
    setPolling(true);
    setRound((value) => value + 1);
  }, []);

  return { state, polling, refresh };
}
