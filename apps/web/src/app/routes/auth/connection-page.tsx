import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { signIn } from '../../../features/auth/api/sign-in';
import { AuthHeading } from '../../../features/auth/components/auth-heading';
import { isValidEmail } from '../../../features/auth/components/email-check';
import { useTranslation } from '../../../lib/i18n';
import { nextFromSearch } from '../../../lib/next-path';
import { useAction } from '../../../lib/use-action';
import { PublicLink } from '../../public/public-link';

// The other ways in, the e-mail link's confirmation and the two-factor step: one chunk, after the page.
const extras = () => import('../../../features/auth/components/sign-in-extras');
const SignInExtras = lazy(extras);

/** `/connection`: e-mail and password, then a full load into the back office, where the visitor wanted to go. */
export default function ConnectionPage() {
  const { t } = useTranslation();
  const submit = useAction(signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [leaving, setLeaving] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  // No address when the server prerenders the page: the form, as a visit without a link shows it.
  const [link, setLink] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('link'),
  );
  const restart = () => {
    setChallenge(null);
    setLink(null);
  };

  if (challenge || link) {
    return (
      <Suspense fallback={null}>
        <SignInExtras
          step={challenge ? { kind: 'challenge', challenge } : { kind: 'link', token: link ?? '' }}
          onChallenge={setChallenge}
          onRestart={restart}
        />
      </Suspense>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('form.required');
    else if (!isValidEmail(email)) next.email = t('form.invalidEmail');
    if (!password) next.password = t('form.required');
    setErrors(next);
    if (next.email || next.password) return;
    void submit.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          setLeaving(true);
          window.location.assign(nextFromSearch(window.location.search) ?? '/');
        },
        // A 401 multi-factor-auth-required: the second step follows.
        onError: (error) => void extras().then((module) => setChallenge(module.challengeOf(error))),
      },
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t('connection.heading')} intro={t('connection.intro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError error={submit.error} />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label={t('form.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            visibilityToggleButtonProps={{ 'aria-label': t('form.showPassword') }}
          />
          <Group justify="flex-end">
            <PublicLink href="/password-forgotten" size="sm">
              {t('connection.forgotten')}
            </PublicLink>
          </Group>
          <Button type="submit" fullWidth loading={submit.isPending || leaving}>
            {t('connection.submit')}
          </Button>
        </Stack>
      </form>
      <Suspense fallback={null}>
        <SignInExtras
          step={{ kind: 'options', email: email.trim() }}
          onChallenge={setChallenge}
          onRestart={restart}
        />
      </Suspense>
      <Text size="sm" ta="center">
        {t('connection.noAccount')} <PublicLink href="/regs8df0s9dfsd">{t('connection.register')}</PublicLink>
      </Text>
      <Text size="xs" ta="center">
        <PublicLink href="/term-of-services" c="dimmed">
          {t('connection.terms')}
        </PublicLink>
      </Text>
    </Stack>
  );
}
