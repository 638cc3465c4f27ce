import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of payouts and closing; under the organisation scope, so switching organisation drops them. */
export const payoutsKeys = {
  all: [ORG_SCOPE, 'payouts'] as const,
  list: (reconciliation: string) => [ORG_SCOPE, 'payouts', 'list', reconciliation] as const,
  detail: (payoutId: string) => [ORG_SCOPE, 'payouts', 'detail', payoutId] as const,
  closing: [ORG_SCOPE, 'payouts', 'closing'] as const,
  accountCodes: [ORG_SCOPE, 'payouts', 'account-codes'] as const,
};
