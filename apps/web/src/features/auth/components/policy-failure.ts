import { PASSWORD_RULES, type PasswordPolicy, type PasswordRule } from '@guichet/shared/password-policy';
import { isApiError } from '../../../lib/api-error';
import { refreshPasswordPolicy, setPasswordPolicy } from '../api/get-password-policy';

/**
 * Spec §5: a password refused by the policy refreshes the policy and shows the error. Returns the rules
 * that failed, or null when the error is something else.
 */
export function handlePolicyFailure(error: unknown): PasswordRule[] | null {
  if (!isApiError(error) || error.code !== 'password-does-not-meet-requirements') return null;
  const details = (error.details ?? {}) as { failedRules?: unknown; policy?: unknown };
  if (isPolicy(details.policy)) setPasswordPolicy(details.policy);
  void refreshPasswordPolicy();
  const failed = Array.isArray(details.failedRules) ? details.failedRules : [];
  return PASSWORD_RULES.filter((rule) => failed.includes(rule));
}

/** A light shape check (no zod here: it would triple the size of the registration page). */
function isPolicy(value: unknown): value is PasswordPolicy {
  if (!value || typeof value !== 'object') return false;
  const policy = value as Record<string, unknown>;
  return (
    typeof policy.minLength === 'number' &&
    (policy.maxLength === undefined || typeof policy.maxLength === 'number') &&
    ['requireLowercase', 'requireUppercase', 'requireNumeric', 'requireNonAlphanumeric'].every(
      (key) => typeof policy[key] === 'boolean',
    )
  );
}
