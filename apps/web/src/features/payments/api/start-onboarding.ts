import type { OnboardingLink } from '@guichet/shared/payments';
import { api } from '../../../lib/api-client';

/** `POST /payments/stripe/onboarding`: the account (made once) and a fresh onboarding link (ALL). */
export function startOnboarding(): Promise<OnboardingLink> {
  return api.post<OnboardingLink>('/payments/stripe/onboarding', {});
}
