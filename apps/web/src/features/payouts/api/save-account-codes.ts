import type { AccountCodes, AccountCodesBody } from '@guichet/shared/payouts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { payoutsKeys } from './keys';

/** `PUT /finances/account-codes`: the codes the journal uses from the first open day on. */
export function saveAccountCodes(body: AccountCodesBody) {
  return api.put<AccountCodes>('/finances/account-codes', body);
}

export function useSaveAccountCodes() {
  return useMutation({
    mutationFn: saveAccountCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.accountCodes }),
  });
}
