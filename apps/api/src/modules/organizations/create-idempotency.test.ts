import { idempotentAnswers } from '@guichet/db/schema/integrations';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SignedUp,
  signUp,
  type TestContext,
} from '../../../test/support/harness';

/**
 * An organisation's creation honours `Idempotency-Key` (decision 034): it is made outside any
 * organisation, so its key is kept for its caller alone; a repeat whose first answer was lost must not make
 * a second organisation.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t?.close());

const create = (user: SignedUp, name: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { ...bearer(user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { name },
  });

async function organizationsOf(user: SignedUp, name: string): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(staffOrganizations, eq(staffOrganizations.organizationId, organizations.id))
    .where(and(eq(staffOrganizations.staffId, user.user.id), eq(organizations.name, name)));
  return rows.length;
}

const answersOutside = (user: SignedUp) =>
  t.app.ctx.db
    .select({ key: idempotentAnswers.key })
    .from(idempotentAnswers)
    .where(
      and(isNull(idempotentAnswers.organizationId), eq(idempotentAnswers.caller, `staff:${user.user.id}`)),
    );

describe('Idempotency-Key on an organisation’s creation', () => {
  it('makes one organisation for the same request twice and answers it again the same', async () => {
    const user = await signUp(t.app);
    const key = crypto.randomUUID();
    const first = await create(user, 'Keyed Events', key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await create(user, 'Keyed Events', key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(await organizationsOf(user, 'Keyed Events')).toBe(1);
    // Without a key, each request is a creation of its own.
    expect((await create(user, 'Keyed Events')).statusCode).toBe(201);
    expect(await organizationsOf(user, 'Keyed Events')).toBe(2);
  });

  it('refuses the key with another name (422) and makes nothing', async () => {
    const user = await signUp(t.app);
    const key = crypto.randomUUID();
    expect((await create(user, 'First Name Events', key)).statusCode).toBe(201);
    const reused = await create(user, 'Other Name Events', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency-key-reused');
    expect(await organizationsOf(user, 'Other Name Events')).toBe(0);
  });

  it('keeps two people’s keys apart, and forgets a deleted account’s', async () => {
    const [one, two] = [await signUp(t.app), await signUp(t.app)];
    const key = crypto.randomUUID();
    const mine = await create(one, 'Shared Key Events', key);
    const theirs = await create(two, 'Shared Key Events', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await answersOutside(one)).toHaveLength(1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(one.accessToken),
      payload: { password: one.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await answersOutside(one)).toHaveLength(0);
    expect(await answersOutside(two)).toHaveLength(1);
  });
});
