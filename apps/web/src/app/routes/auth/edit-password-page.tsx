import type { PasswordRule } from '@guichet/shared/password-policy';
import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { useChangePassword } from '../../../features/auth/api/change-password';
import { NewPasswordInput } from '../../../features/auth/components/new-password-input';
import { handlePolicyFailure } from '../../../features/auth/components/policy-failure';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';

/** `/edit-password`: current and new password; other devices are signed out, this one stays. */
export default function EditPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ current?: string; password?: string }>({});
  const [failedRules, setFailedRules] = useState<PasswordRule[] | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!current) next.current = t('form.required');
    if (!password) next.password = t('form.required');
    setErrors(next);
    setFailedRules(null);
    if (Object.keys(next).length > 0) return;
    change.mutate(
      { currentPassword: current, newPassword: password },
      {
        onSuccess: () => {
          toastSuccess(t('editPassword.done'));
          void navigate('/profile');
        },
        onError: (error) => setFailedRules(handlePolicyFailure(error)),
      },
    );
  }

  return (
    <>
      <PageHeader route="/edit-password">
        <Text c="dimmed">{t('editPassword.intro')}</Text>
      </PageHeader>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={520}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {change.error && !failedRules && <FormError error={change.error} />}
            <PasswordInput
              label={t('editPassword.current')}
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => setCurrent(event.currentTarget.value)}
              error={errors.current}
              visibilityToggleButtonProps={{ 'aria-label': t('form.showPassword') }}
            />
            <NewPasswordInput
              label={t('editPassword.new')}
              value={password}
              onChange={setPassword}
              serverFailedRules={failedRules}
              error={errors.password}
            />
            <Group justify="flex-end">
              <Button component={Link} to="/profile" variant="default">
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('editPassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
