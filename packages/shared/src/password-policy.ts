import { z } from 'zod';

/** The identity provider's policy shape (spec §5); the default is its minimum length of 6. */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int().min(1).optional(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

export const PASSWORD_RULES = [
  'minLength',
  'maxLength',
  'requireLowercase',
  'requireUppercase',
  'requireNumeric',
  'requireNonAlphanumeric',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The rules a password fails, in a stable order; an empty list means it meets the policy. */
export function failedPasswordRules(policy: PasswordPolicy, password: string): PasswordRule[] {
  const failed: PasswordRule[] = [];
  // Count code points, not UTF-16 units, so an emoji is one character as the user sees it.
  const length = [...password].length;
  if (length < policy.minLength) failed.push('minLength');
  if (policy.maxLength !== undefined && length > policy.maxLength) failed.push('maxLength');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) failed.push('requireLowercase');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) failed.push('requireUppercase');
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) failed.push('requireNumeric');
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{Nd}]/u.test(password))
    failed.push('requireNonAlphanumeric');
  return failed;
}
