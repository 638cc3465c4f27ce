import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, failedPasswordRules, type PasswordPolicy } from './password-policy';

describe('password policy', () => {
  it('defaults to the provider’s minimum length of 6 and nothing else', () => {
    expect(DEFAULT_PASSWORD_POLICY.minLength).toBe(6);
    expect(failedPasswordRules(DEFAULT_PASSWORD_POLICY, 'abcde')).toEqual(['minLength']);
    expect(failedPasswordRules(DEFAULT_PASSWORD_POLICY, 'abcdef')).toEqual([]);
  });

  const strict: PasswordPolicy = {
    minLength: 8,
    maxLength: 12,
    requireLowercase: true,
    requireUppercase: true,
    requireNumeric: true,
    requireNonAlphanumeric: true,
  };

  it('names every rule a password fails', () => {
    expect(failedPasswordRules(strict, 'abc')).toEqual([
      'minLength',
      'requireUppercase',
      'requireNumeric',
      'requireNonAlphanumeric',
    ]);
    expect(failedPasswordRules(strict, 'ABCDEFGHIJKLMN')).toEqual([
      'maxLength',
      'requireLowercase',
      'requireNumeric',
      'requireNonAlphanumeric',
    ]);
  });

  it('accepts a password meeting every rule, with letters beyond ASCII', () => {
    expect(failedPasswordRules(strict, 'Été-2026x')).toEqual([]);
  });

  it('counts characters as people see them', () => {
    expect(failedPasswordRules({ ...DEFAULT_PASSWORD_POLICY, minLength: 3 }, '🎟️🎟')).toEqual([]);
    expect(failedPasswordRules({ ...DEFAULT_PASSWORD_POLICY, minLength: 3 }, '🎟a')).toEqual(['minLength']);
  });
});
