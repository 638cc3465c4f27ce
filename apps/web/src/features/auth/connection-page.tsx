import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { useSignIn } from './api/sign-in';
import { isValidEmail } from './components/email-check';

/** `/connection`: e-mail and password. The guard sends a signed-in staff member on to where they wanted. */
export default function ConnectionPage() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('form.required');
    else if (!isValidEmail(email)) next.email = t('form.invalidEmail');
    if (!password) next.password = t('form.required');
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate({ email: email.trim(), password });
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('connection.heading')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('connection.intro')}
        </Text>
      </div>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError error={signIn.error} />
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
            <Anchor component={Link} to="/password-forgotten" size="sm">
              {t('connection.forgotten')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signIn.isPending}>
            {t('connection.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('connection.noAccount')}{' '}
        <Anchor component={Link} to="/regs8df0s9dfsd">
          {t('connection.register')}
        </Anchor>
      </Text>
      <Text size="xs" ta="center">
        <Anchor component={Link} to="/term-of-services" c="dimmed">
          {t('connection.terms')}
        </Anchor>
      </Text>
    </Stack>
  );
}
