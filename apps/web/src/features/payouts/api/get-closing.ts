import type { ClosedPeriod } from '@guichet/shared/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payoutsKeys } from './keys';

/** `GET /finances/closing`: the last closed day. */
export function getClosing(signal?: AbortSignal) {
  return api.get<ClosedPeriod>('/finances/closing', { signal });
}

export const closingQueryOptions = () =>
  queryOptions({ queryKey: payoutsKeys.closing, queryFn: ({ signal }) => getClosing(signal) });

export function useClosing() {
  return useQuery(closingQueryOptions());
}
