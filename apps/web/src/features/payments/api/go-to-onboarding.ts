import { useMutation } from '@tanstack/react-query';
import { refreshOnboarding } from './refresh-onboarding';
import { startOnboarding } from './start-onboarding';

/**
 * Goes on to Stripe's onboarding page, with a link for a new account (`start`) or for the existing one
 * (`refresh`): the browser leaves the app, so success has nothing to update.
 */
export function useGoToOnboarding(kind: 'start' | 'refresh') {
  return useMutation({
    mutationFn: kind === 'start' ? startOnboarding : refreshOnboarding,
    onSuccess: (link) => window.location.assign(link.url),
  });
}
