import type { PasswordRule } from '@guichet/shared/password-policy';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { fieldErrors } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { useSignUp } from './api/sign-up';
import { isValidEmail } from './components/email-check';
import { NewPasswordInput } from './components/new-password-input';
import { handlePolicyFailure } from './components/policy-failure';

/** `/regs8df0s9dfsd`: registration. Once signed up, the guard leads on to creating an organisation. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ displayName?: string; email?: string; password?: string }>({});
  const [failedRules, setFailedRules] = useState<PasswordRule[] | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!displayName.trim()) next.displayName = t('form.required');
    if (!email.trim()) next.email = t('form.required');
    else if (!isValidEmail(email)) next.email = t('form.invalidEmail');
    if (!password) next.password = t('form.required');
    setErrors(next);
    setFailedRules(null);
    if (Object.keys(next).length > 0) return;
    signUp.mutate(
      { displayName: displayName.trim(), email: email.trim(), password, locale: currentLocale() },
      {
        onError: (error) => {
          setFailedRules(handlePolicyFailure(error));
          setErrors(fieldErrors(error));
        },
      },
    );
  }

  const showGeneralError = signUp.error && !failedRules;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('registration.heading')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('registration.intro')}
        </Text>
      </div>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {showGeneralError && <FormError error={signUp.error} />}
          <TextInput
            label={t('form.displayName')}
            autoComplete="name"
            required
            maxLength={120}
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
            error={errors.displayName}
          />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <NewPasswordInput
            label={t('form.password')}
            value={password}
            onChange={setPassword}
            serverFailedRules={failedRules}
            error={errors.password}
          />
          <Text size="xs" c="dimmed">
            {t('registration.agreement')}{' '}
            <Anchor component={Link} to="/term-of-services" size="xs">
              {t('registration.terms')}
            </Anchor>
            .
          </Text>
          <Button type="submit" fullWidth loading={signUp.isPending}>
            {t('registration.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('registration.haveAccount')}{' '}
        <Anchor component={Link} to="/connection">
          {t('registration.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
