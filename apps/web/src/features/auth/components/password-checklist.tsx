import {
  failedPasswordRules,
  PASSWORD_RULES,
  type PasswordPolicy,
  type PasswordRule,
} from '@guichet/shared/password-policy';
import { Box, List, Text, VisuallyHidden } from '@mantine/core';
import { type TFunction, useTranslation } from '../../../lib/i18n';

/** The rules the policy turns on, in the shared order. */
export function activeRules(policy: PasswordPolicy): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => {
    if (rule === 'minLength') return true;
    if (rule === 'maxLength') return policy.maxLength !== undefined;
    return policy[rule];
  });
}

export function ruleLabel(t: TFunction, rule: PasswordRule, policy: PasswordPolicy): string {
  switch (rule) {
    case 'minLength':
      return t('policy.minLength', { count: policy.minLength });
    case 'maxLength':
      return t('policy.maxLength', { count: policy.maxLength ?? 0 });
    default:
      return t(`policy.${rule}`);
  }
}

/** A live list of the policy's rules, each marked met or not as the password is typed. */
export function PasswordChecklist({
  id,
  policy,
  password,
}: {
  id: string;
  policy: PasswordPolicy;
  password: string;
}) {
  const { t } = useTranslation();
  const failed = new Set(failedPasswordRules(policy, password));
  return (
    <Box id={id}>
      <Text size="sm" fw={500}>
        {t('policy.heading')}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" ml={0} pl={0}>
        {activeRules(policy).map((rule) => {
          const met = password.length > 0 && !failed.has(rule);
          return (
            <List.Item key={rule} c={met ? 'green.9' : 'gray.7'}>
              <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
              {ruleLabel(t, rule, policy)}
              <VisuallyHidden> ({met ? t('policy.met') : t('policy.notMet')})</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}
