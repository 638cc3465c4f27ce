import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { requestPasswordReset } from '../../../features/auth/api/request-password-reset';
import { AuthHeading } from '../../../features/auth/components/auth-heading';
import { isValidEmail } from '../../../features/auth/components/email-check';
import { useTranslation } from '../../../lib/i18n';
import { useAction } from '../../../lib/use-action';
import { PublicLink } from '../../public/public-link';

/** `/password-forgotten`: always the same answer, so nobody can learn which addresses have an account. */
export default function PasswordForgottenPage() {
  const { t } = useTranslation();
  const request = useAction(requestPasswordReset);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('form.required'));
    if (!isValidEmail(value)) return setError(t('form.invalidEmail'));
    setError(undefined);
    void request.mutate({ email: value }, { onSuccess: () => setSentTo(value) });
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t('passwordForgotten.heading')} intro={t('passwordForgotten.intro')} />
      {sentTo ? (
        <Alert color="blue" variant="light" role="status">
          {t('passwordForgotten.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormError error={request.error} />
            <TextInput
              label={t('form.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('passwordForgotten.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Group justify="space-between">
        <PublicLink href="/connection" size="sm">
          {t('passwordForgotten.backToSignIn')}
        </PublicLink>
        <PublicLink href="/reset-password" size="sm">
          {t('passwordForgotten.haveCode')}
        </PublicLink>
      </Group>
    </Stack>
  );
}
