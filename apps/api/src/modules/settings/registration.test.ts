import { organizations } from '@guichet/db/schema/organizations';
import { invitations } from '@guichet/db/schema/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { assertRegistrationAllowed, isRegistrationAllowed } from './settings.service';

const HOUR = 3_600_000;

describe('isRegistrationAllowed', () => {
  let open: TestContext;
  let closed: TestContext;
  let organizationId: string;

  async function invite(email: string, values: Partial<typeof invitations.$inferInsert> = {}) {
    await closed.app.ctx.db.insert(invitations).values({
      organizationId,
      email,
      permissions: ['EVENT'],
      tokenHash: `hash-${Math.random().toString(36).slice(2)}`,
      expiresAt: new Date(Date.now() + 48 * HOUR),
      ...values,
    });
  }

  beforeAll(async () => {
    open = await createTestApp();
    closed = await createTestApp({ REGISTRATION: 'invite-only' });
    // Nobody can sign up on the invite-only app without an invitation, so its organisation is made directly.
    const [organization] = await closed.app.ctx.db
      .insert(organizations)
      .values({ name: 'Closed Org', slug: `closed-${Date.now().toString(36)}` })
      .returning();
    organizationId = organization!.id;
  });
  afterAll(async () => {
    await open.close();
    await closed.close();
  });

  it('lets anyone register when registration is open', async () => {
    expect(open.app.ctx.config.registration).toBe('open');
    await expect(isRegistrationAllowed(open.app.ctx, 'anyone@example.com')).resolves.toBe(true);
  });

  it('reads the policy from REGISTRATION, open by default', () => {
    expect(closed.app.ctx.config.registration).toBe('invite-only');
  });

  it('refuses an e-mail without an invitation when invite-only', async () => {
    await expect(isRegistrationAllowed(closed.app.ctx, 'nobody@example.com')).resolves.toBe(false);
    await expect(assertRegistrationAllowed(closed.app.ctx, 'nobody@example.com')).rejects.toMatchObject({
      code: 'registration-closed',
      status: 403,
    });
  });

  it('admits an e-mail with a pending invitation, whatever its case', async () => {
    await invite('invited@example.com');
    await expect(isRegistrationAllowed(closed.app.ctx, 'invited@example.com')).resolves.toBe(true);
    await expect(isRegistrationAllowed(closed.app.ctx, ' Invited@Example.COM ')).resolves.toBe(true);
    await expect(assertRegistrationAllowed(closed.app.ctx, 'invited@example.com')).resolves.toBeUndefined();
  });

  it.each([
    ['expired', { expiresAt: new Date(Date.now() - HOUR) }],
    ['accepted', { acceptedAt: new Date() }],
    ['revoked', { revokedAt: new Date() }],
  ])('does not count an invitation that is %s', async (label, values) => {
    const email = `${label}-invitee@example.com`;
    await invite(email, values);
    await expect(isRegistrationAllowed(closed.app.ctx, email)).resolves.toBe(false);
  });

  it('makes POST /api/auth/sign-up answer 403 registration-closed without an invitation', async () => {
    const refused = await closed.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'stranger@example.com', password: 'a fine password', displayName: 'Stranger' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('registration-closed');

    await invite('guest@example.com');
    const admitted = await closed.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'guest@example.com', password: 'a fine password', displayName: 'Guest' },
    });
    expect(admitted.statusCode).toBe(201);
  });
});
