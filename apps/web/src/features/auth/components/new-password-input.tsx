import type { PasswordRule } from '@guichet/shared/password-policy';
import { Alert, List, PasswordInput, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { usePasswordPolicy } from '../api/get-password-policy';
import { PasswordChecklist, ruleLabel } from './password-checklist';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Rules the server said the last submitted password failed (spec §5). */
  serverFailedRules?: PasswordRule[] | null;
  error?: string;
}

/** A new password with the policy's rules checked live, from GET /auth/password-policy. */
export function NewPasswordInput({ label, value, onChange, serverFailedRules, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { policy } = usePasswordPolicy();
  return (
    <Stack gap="xs">
      <PasswordInput
        label={label}
        required
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={`${id}-rules`}
        error={error}
        visibilityToggleButtonProps={{ 'aria-label': t('form.showPassword') }}
      />
      <PasswordChecklist id={`${id}-rules`} policy={policy} password={value} />
      {serverFailedRules && serverFailedRules.length > 0 && (
        <Alert color="red" variant="light" role="alert" title={t('policy.failedHeading')}>
          <List size="sm">
            {serverFailedRules.map((rule) => (
              <List.Item key={rule}>{ruleLabel(t, rule, policy)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
