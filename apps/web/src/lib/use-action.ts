import { useCallback, useRef, useState } from 'react';

interface Handlers<R> {
  onSuccess?: (result: R) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

/**
 * A form submission for the sign-in pages: pending flag and last error, without a query cache. The back
 * office uses TanStack Query's mutations instead.
 */
export function useAction<A, R>(action: (argument: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);

  const mutate = useCallback(
    async (argument: A, handlers: Handlers<R> = {}): Promise<void> => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      setError(null);
      try {
        const result = await action(argument);
        await handlers.onSuccess?.(result);
      } catch (caught) {
        setError(caught);
        handlers.onError?.(caught);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );

  return { mutate, isPending, error };
}
