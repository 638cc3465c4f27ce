import type { Place } from '@guichet/shared/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestContext } from '../../../test/support/harness';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t.app)).accessToken;
});
afterAll(async () => t.close());

const search = (query: string, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'GET', url: `/api/places?${query}`, headers });

describe('GET /api/places', () => {
  it('requires a signed-in staff member', async () => {
    const anonymous = await search('q=par', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    expect((await search('q=par', bearer('not-a-token'))).statusCode).toBe(401);
  });

  it('refuses the token of a deleted account', async () => {
    const gone = await signUp(t.app);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(gone.accessToken),
      payload: { password: gone.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await search('q=par', bearer(gone.accessToken))).statusCode).toBe(401);
  });

  it.each([
    ['', 'querystring.q'],
    ['q=p', 'querystring.q'],
    ['q=%20%20p%20', 'querystring.q'],
    [`q=${'a'.repeat(101)}`, 'querystring.q'],
    ['q=par&limit=0', 'querystring.limit'],
    ['q=par&limit=21', 'querystring.limit'],
    ['q=par&limit=ten', 'querystring.limit'],
    ['q=par&country=FRA', 'querystring.country'],
    ['q=par&country=1x', 'querystring.country'],
  ])('refuses %s with 400 and the field', async (query, path) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('argument-error');
    expect(error.details.map((detail: { path: string }) => detail.path)).toContain(path);
  });

  it('answers from the embedded gazetteer, Paris first for "Par"', async () => {
    const response = await search('q=Par');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Place[] }>();
    expect(items.length).toBe(8);
    expect(items[0]).toMatchObject({
      id: expect.stringMatching(/^geonames:\d+$/),
      name: 'Paris',
      country: 'FR',
      countryName: 'France',
      source: 'gazetteer',
    });
    for (const place of items) expect(place.source).toBe('gazetteer');
  });

  it('ignores accents and case, and filters by country and limit', async () => {
    expect((await search('q=ZUR')).json().items[0]).toMatchObject({ name: 'Zürich', country: 'CH' });
    const { items } = (await search('q=mont&country=fr&limit=20')).json<{ items: Place[] }>();
    expect(items).toHaveLength(20);
    for (const place of items) expect(place.country).toBe('FR');
    expect(items[0]).toMatchObject({ name: 'Montpellier' });
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await search(`q=${encodeURIComponent('Qxqzv Wwq')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });
});
