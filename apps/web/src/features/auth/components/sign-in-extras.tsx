import { isApiError } from '../../../lib/api-error';
import { nextFromSearch } from '../../../lib/next-path';
import EmailLinkConfirm from './email-link-confirm';
import SignInOptions from './sign-in-options';
import TwoFactorStep from './two-factor-step';

/** What the sign-in page shows beside (or instead of) its password form. */
export type ExtraStep =
  | { kind: 'options'; email: string }
  | { kind: 'challenge'; challenge: string }
  | { kind: 'link'; token: string };

const leave = () => window.location.assign(nextFromSearch(window.location.search) ?? '/');

/** The challenge of a 401 `multi-factor-auth-required`, if that is what `error` is. */
export function challengeOf(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'multi-factor-auth-required') return null;
  const challenge = (error.details as { challenge?: unknown } | undefined)?.challenge;
  return typeof challenge === 'string' ? challenge : null;
}

/**
 * Everything of `/connection` but the password form, in one chunk fetched after the page is up: the other
 * ways in (third-party providers, e-mail link), the e-mail link's confirmation and the two-factor step.
 */
export default function SignInExtras({
  step,
  onChallenge,
  onRestart,
}: {
  step: ExtraStep;
  onChallenge(challenge: string): void;
  onRestart(): void;
}) {
  const restart = () => {
    const search = new URLSearchParams(window.location.search);
    search.delete('link');
    const query = search.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    onRestart();
  };
  switch (step.kind) {
    case 'challenge':
      return <TwoFactorStep challenge={step.challenge} onSignedIn={leave} onRestart={restart} />;
    case 'link':
      return (
        <EmailLinkConfirm
          token={step.token}
          onSignedIn={leave}
          onChallenge={onChallenge}
          onRestart={restart}
        />
      );
    case 'options':
      return <SignInOptions email={step.email} onChallenge={onChallenge} onSignedIn={leave} />;
  }
}
