import type { OnboardingLink } from '@guichet/shared/payments';
import { api } from '../../../lib/api-client';

/** `POST /payments/stripe/onboarding/refresh`: a fresh link for the existing account (ALL or FINANCE). */
export function refreshOnboarding(): Promise<OnboardingLink> {
  return api.post<OnboardingLink>('/payments/stripe/onboarding/refresh', {});
}
