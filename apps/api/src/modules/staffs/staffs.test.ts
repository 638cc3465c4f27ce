import { staff } from '@guichet/db/schema/identity';
import { staffOrganizations } from '@guichet/db/schema/organizations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/support/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

const getMe = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/staffs/me', headers: bearer(token) });

/** Sends any JSON value, arrays and strings included. */
const patchMe = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/staffs/me',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('GET /api/staffs/me', () => {
  it('gives the profile with every organisation and the permissions held there', async () => {
    const user = await signUp(t.app, { displayName: 'Grace Hopper' });
    const first = await createOrganization(t.app, user.accessToken, 'First Organisation');
    const owner = await signUp(t.app);
    const second = await createOrganization(t.app, owner.accessToken, 'Second Organisation');
    await t.app.ctx.db
      .insert(staffOrganizations)
      .values({ organizationId: second.id, staffId: user.user.id, permissions: ['SCAN', 'EVENT'] });

    const response = await getMe(user.accessToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: user.user.id,
      email: user.email,
      displayName: 'Grace Hopper',
      locale: 'en',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      staffOrganization: [
        {
          organization_id: first.id,
          organization: {
            id: first.id,
            name: 'First Organisation',
            slug: 'first-organisation',
            createdAt: expect.any(String),
            timeZone: 'Europe/Paris',
          },
          permissions: ['ALL'],
        },
        {
          organization_id: second.id,
          organization: {
            id: second.id,
            name: 'Second Organisation',
            slug: second.slug,
            createdAt: expect.any(String),
            timeZone: 'Europe/Paris',
          },
          // Normalised to the catalogue's order.
          permissions: ['EVENT', 'SCAN'],
        },
      ],
    });
    expect(body).not.toHaveProperty('passwordHash');
    expect(response.body).not.toContain('argon2');
  });

  it('gives an empty list to someone without organisations', async () => {
    const user = await signUp(t.app);
    const response = await getMe(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().staffOrganization).toEqual([]);
  });

  it('answers 401 unauthenticated without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/staffs/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: expect.any(String) },
    });
  });
});

describe('PATCH /api/staffs/me', () => {
  it('updates the display name and the locale and answers the updated profile', async () => {
    const user = await signUp(t.app);
    const response = await patchMe(user.accessToken, { displayName: '  Katherine Johnson ', locale: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.user.id,
      email: user.email,
      displayName: 'Katherine Johnson',
      locale: 'fr',
      staffOrganization: [],
    });
    const [row] = await t.app.ctx.db.select().from(staff).where(eq(staff.id, user.user.id));
    expect(row?.displayName).toBe('Katherine Johnson');
    expect(row?.locale).toBe('fr');
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
    expect((await getMe(user.accessToken)).json().locale).toBe('fr');
  });

  it('updates one field and leaves the other alone', async () => {
    const user = await signUp(t.app, { displayName: 'Unchanged' });
    const response = await patchMe(user.accessToken, { locale: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json().displayName).toBe('Unchanged');
    expect(response.json().locale).toBe('fr');
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { displayName: 'Valid', email: 'hijack@example.com' }],
    ['a display name of the wrong type', { displayName: 42 }],
    ['a blank display name', { displayName: '   ' }],
    ['a display name too long', { displayName: 'x'.repeat(121) }],
    ['an unsupported locale', { locale: 'de' }],
    ['a null locale', { locale: null }],
    ['an array', [{ displayName: 'x' }]],
    ['a JSON string', 'displayName'],
    ['JSON null', null],
  ])('answers 400 argument-error with details for %s, and changes nothing', async (_label, payload) => {
    const user = await signUp(t.app, { displayName: 'Before' });
    const response = await patchMe(user.accessToken, payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('argument-error');
    expect(Array.isArray(error.details)).toBe(true);
    expect(error.details.length).toBeGreaterThan(0);
    for (const detail of error.details) {
      expect(detail.path).toMatch(/^body/);
      expect(typeof detail.message).toBe('string');
    }
    const [row] = await t.app.ctx.db.select().from(staff).where(eq(staff.id, user.user.id));
    expect(row?.displayName).toBe('Before');
    expect(row?.locale).toBe('en');
  });

  it('names the offending field in the details', async () => {
    const user = await signUp(t.app);
    const response = await patchMe(user.accessToken, { locale: 'de' });
    expect(response.json().error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'body.locale',
    ]);
  });

  it('answers 400, never 5xx, without a body or with a body that is not JSON', async () => {
    const user = await signUp(t.app);
    const noBody = await t.app.inject({
      method: 'PATCH',
      url: '/api/staffs/me',
      headers: bearer(user.accessToken),
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.code).toBe('argument-error');
    const notJson = await t.app.inject({
      method: 'PATCH',
      url: '/api/staffs/me',
      headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
      payload: '{"displayName":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('argument-error');
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/staffs/me',
      payload: { displayName: 'Nobody' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});
