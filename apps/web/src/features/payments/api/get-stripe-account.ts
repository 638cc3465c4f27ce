import type { StripeAccountState } from '@guichet/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session/store';

/** Per organisation, so switching organisation never shows another one's account. */
export const stripeAccountKey = () =>
  ['payments', sessionStore.getState().organizationId ?? 'none', 'stripe-account'] as const;

/** `GET /payments/stripe/account`: the account as Stripe has it now (read from Stripe by the API). */
export function getStripeAccount(): Promise<StripeAccountState> {
  return api.get<StripeAccountState>('/payments/stripe/account');
}

export function stripeAccountQueryOptions() {
  return queryOptions({ queryKey: stripeAccountKey(), queryFn: getStripeAccount });
}

export function useStripeAccount() {
  return useQuery(stripeAccountQueryOptions());
}
