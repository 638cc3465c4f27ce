import type { AccountCodes } from '@guichet/shared/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payoutsKeys } from './keys';

/** `GET /finances/account-codes`: the journal's account codes and their defaults. */
export function getAccountCodes(signal?: AbortSignal) {
  return api.get<AccountCodes>('/finances/account-codes', { signal });
}

export const accountCodesQueryOptions = () =>
  queryOptions({ queryKey: payoutsKeys.accountCodes, queryFn: ({ signal }) => getAccountCodes(signal) });

export function useAccountCodes() {
  return useQuery(accountCodesQueryOptions());
}
