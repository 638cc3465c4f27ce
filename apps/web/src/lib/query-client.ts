import { QueryClient } from '@tanstack/react-query';

/** Retries live in the API client (idempotent requests only), so queries do not retry on their own. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

/** Query keys of data that belongs to the current organisation start with this. */
export const ORG_SCOPE = 'org';
