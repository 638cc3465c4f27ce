import { staff } from '@guichet/db/schema/identity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, uniqueEmail } from '../../../test/support/harness';

// A stricter policy than the default, configured through the environment.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    PASSWORD_MIN_LENGTH: '8',
    PASSWORD_MAX_LENGTH: '16',
    PASSWORD_REQUIRE_UPPERCASE: 'true',
    PASSWORD_REQUIRE_NUMERIC: 'true',
    PASSWORD_REQUIRE_LOWERCASE: 'yes',
    PASSWORD_REQUIRE_NON_ALPHANUMERIC: '1',
  });
});
afterAll(async () => t.close());

const signUpWith = (password: string, email = uniqueEmail('policy')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, displayName: 'Policy' },
  });

describe('a password policy configured by environment', () => {
  it('is what GET /api/auth/password-policy reports', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      minLength: 8,
      maxLength: 16,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    });
  });

  it.each([
    ['abc', ['minLength', 'requireUppercase', 'requireNumeric', 'requireNonAlphanumeric']],
    ['alllowercase', ['requireUppercase', 'requireNumeric', 'requireNonAlphanumeric']],
    ['ALLUPPER-1234', ['requireLowercase']],
    ['Abcdefgh1', ['requireNonAlphanumeric']],
    ['Abcdefgh!', ['requireNumeric']],
    ['Abcdefgh1!-way-too-long', ['maxLength']],
  ])('refuses %j with failed rules %j', async (password, failedRules) => {
    const email = uniqueEmail('policy');
    const response = await signUpWith(password, email);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('password-does-not-meet-requirements');
    expect(error.details.failedRules).toEqual(failedRules);
    expect(error.details.policy.maxLength).toBe(16);
    expect(await t.app.ctx.db.select().from(staff).where(eq(staff.email, email))).toHaveLength(0);
  });

  it('accepts a password that meets every rule', async () => {
    const response = await signUpWith('Abcdefg1!');
    expect(response.statusCode).toBe(201);
  });

  it('applies the same policy to a password change', async () => {
    const user = await signUp(t.app, { password: 'Correct-Horse1' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { currentPassword: 'Correct-Horse1', newPassword: 'nouppercase1!' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.failedRules).toEqual(['requireUppercase']);
  });
});
