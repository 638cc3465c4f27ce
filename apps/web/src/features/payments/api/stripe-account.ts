import type { OnboardingLink, StripeAccountState } from '@guichet/shared/payments';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
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

/** `POST /payments/stripe/onboarding`: the account (made once) and a fresh onboarding link (ALL). */
export function startOnboarding(): Promise<OnboardingLink> {
  return api.post<OnboardingLink>('/payments/stripe/onboarding', {});
}

/** `POST /payments/stripe/onboarding/refresh`: a fresh link for the existing account (ALL or FINANCE). */
export function refreshOnboarding(): Promise<OnboardingLink> {
  return api.post<OnboardingLink>('/payments/stripe/onboarding/refresh', {});
}

/** Goes on to Stripe's onboarding page: the browser leaves the app, so success has nothing to update. */
export function useGoToOnboarding(kind: 'start' | 'refresh') {
  return useMutation({
    mutationFn: kind === 'start' ? startOnboarding : refreshOnboarding,
    onSuccess: (link) => window.location.assign(link.url),
  });
}
