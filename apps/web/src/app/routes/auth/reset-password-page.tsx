import type { PasswordRule } from '@guichet/shared/password-policy';
import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { confirmPasswordReset } from '../../../features/auth/api/confirm-password-reset';
import { AuthHeading } from '../../../features/auth/components/auth-heading';
import { NewPasswordInput } from '../../../features/auth/components/new-password-input';
import { handlePolicyFailure } from '../../../features/auth/components/policy-failure';
import { isApiError } from '../../../lib/api-error';
import { setFlash } from '../../../lib/flash';
import { useTranslation } from '../../../lib/i18n';
import { useAction } from '../../../lib/use-action';
import { navigate } from '../../public/navigation';
import { PublicLink } from '../../public/public-link';

/** `/reset-password?code=…`: the code from the e-mail (prefilled from the link) and a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const confirm = useAction(confirmPasswordReset);
  const [code, setCode] = useState(() => new URLSearchParams(window.location.search).get('code') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const [failedRules, setFailedRules] = useState<PasswordRule[] | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!code.trim()) next.code = t('form.required');
    if (!password) next.password = t('form.required');
    setErrors(next);
    setFailedRules(null);
    if (Object.keys(next).length > 0) return;
    void confirm.mutate(
      { code: code.trim(), newPassword: password },
      {
        onSuccess: () => {
          setFlash('resetPassword.done', 'green');
          navigate('/connection', { replace: true });
        },
        onError: (error) => setFailedRules(handlePolicyFailure(error)),
      },
    );
  }

  const codeProblem =
    isApiError(confirm.error) &&
    (confirm.error.code === 'invalid-code' || confirm.error.code === 'expired-code');

  return (
    <Stack gap="lg">
      <AuthHeading title={t('resetPassword.heading')} intro={t('resetPassword.intro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {Boolean(confirm.error) && !failedRules && <FormError error={confirm.error} />}
          <TextInput
            label={t('resetPassword.code')}
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors.code}
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
          />
          <NewPasswordInput
            label={t('resetPassword.newPassword')}
            value={password}
            onChange={setPassword}
            serverFailedRules={failedRules}
            error={errors.password}
          />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
      <PublicLink href="/password-forgotten" size="sm" fw={codeProblem ? 700 : undefined}>
        {t('resetPassword.askNewCode')}
      </PublicLink>
    </Stack>
  );
}
