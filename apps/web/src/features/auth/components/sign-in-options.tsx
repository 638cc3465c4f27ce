import type { OidcResult, SignInProvider } from '@guichet/shared/sign-in-options';
import { Alert, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { ApiError, isApiError, looksLikeErrorCode } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { nextFromSearch } from '../../../lib/next-path';
import { useAction } from '../../../lib/use-action';
import { getProviders } from '../api/get-providers';
import { startUrl } from '../api/oidc-start';
import { requestEmailLink } from '../api/request-email-link';
import { sessionFromCookie } from '../api/session-from-cookie';
import { isValidEmail } from './email-check';
import { resultFromFragment, signInWithPopup } from './oidc-popup';

interface Props {
  /** The e-mail typed in the password form, to start the e-mail link form with. */
  email: string;
  onChallenge(challenge: string): void;
  onSignedIn(): void;
}

/**
 * The other ways in, loaded after the sign-in page: one button per third-party provider (popup, with a
 * redirect where popups are blocked) and "e-mail me a link".
 */
export default function SignInOptions({ email, onChallenge, onSignedIn }: Props) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function finish(result: OidcResult) {
    if (result.status === 'ok') {
      await sessionFromCookie();
      onSignedIn();
      return;
    }
    if (result.code === 'multi-factor-auth-required' && result.challenge) {
      onChallenge(result.challenge);
      return;
    }
    const code = looksLikeErrorCode(result.code) ? result.code : 'invalid-auth-event';
    throw new ApiError(0, code, code);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    getProviders().then(setProviders, () => setProviders([]));
    // Back from a redirect-mode sign-in: the result is in the fragment.
    const result = resultFromFragment(window.location.hash);
    if (result) {
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
      setPending('redirect');
      finish(result)
        .catch(setError)
        .finally(() => setPending(null));
    }
  }, []);

  async function onProvider(provider: SignInProvider) {
    const next = nextFromSearch(window.location.search);
    setError(null);
    setPending(provider.id);
    try {
      await finish(await signInWithPopup(startUrl(provider.id, 'popup', next)));
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'popup-blocked') {
        // No popup here (often a phone): the whole page goes to the provider and comes back.
        setError(caught);
        window.location.assign(startUrl(provider.id, 'redirect', next));
        return;
      }
      setError(caught);
    } finally {
      setPending(null);
    }
  }

  return (
    <Stack gap="sm">
      <Divider label={t('signInOptions.or')} labelPosition="center" />
      <FormError error={error} />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          loading={pending === provider.id}
          disabled={pending !== null && pending !== provider.id}
          onClick={() => void onProvider(provider)}
        >
          {t('signInOptions.continueWith', { name: provider.name })}
        </Button>
      ))}
      <EmailLinkRequest initialEmail={email} />
    </Stack>
  );
}

function EmailLinkRequest({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const submit = useAction(requestEmailLink);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (!open) {
    return (
      <Button
        variant="subtle"
        fullWidth
        onClick={() => {
          setEmail(initialEmail);
          setOpen(true);
        }}
      >
        {t('signInOptions.emailLink')}
      </Button>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? t('form.required') : isValidEmail(value) ? undefined : t('form.invalidEmail');
    setInvalid(problem);
    if (problem) return;
    void submit.mutate({ email: value }, { onSuccess: () => setSentTo(value) });
  }

  if (sentTo) {
    return (
      <Alert color="teal" variant="light" role="status">
        {t('signInOptions.emailLinkSent', { email: sentTo })}
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signInOptions.emailLink')}>
      <Stack gap="sm">
        <Text size="sm">{t('signInOptions.emailLinkIntro')}</Text>
        <FormError error={submit.error} />
        <TextInput
          label={t('signInOptions.emailLinkAddress')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invalid}
        />
        <Button type="submit" variant="light" fullWidth loading={submit.isPending}>
          {t('signInOptions.emailLinkSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
