import type { ScanEvent, ScanOrganization } from '@guichet/shared/scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/support/harness';
import { orgHeaders } from '../../test/support/teams';
import { seedDemo } from './demo';

describe('demo data for the doors', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.ctx, t.app.log);
  });
  afterAll(() => t.close());

  it('lets the door account find Demo Events and scan at the Main gate of its events', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'door@guichet.example', password: 'guichet-demo' },
    });
    expect(signIn.statusCode).toBe(200);
    const { accessToken } = signIn.json() as { accessToken: string };
    const organizations = await t.app.inject({
      method: 'GET',
      url: '/api/scan/organizations',
      headers: bearer(accessToken),
    });
    const [demo] = organizations.json<{ items: ScanOrganization[] }>().items;
    expect(demo).toMatchObject({ slug: 'demo-events', canManage: false });
    const events = await t.app.inject({
      method: 'GET',
      url: '/api/scan/events',
      headers: orgHeaders(accessToken, demo!.id),
    });
    const items = events.json<{ items: ScanEvent[] }>().items;
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const event of items) expect(event.lists.map((list) => list.name)).toEqual(['Main gate']);
  });
});
