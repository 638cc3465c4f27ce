import type { CustomerPage } from '@guichet/shared/customers';
import type { EventPage } from '@guichet/shared/events';
import type { CheckinLogPage, Headcount, ScanEvent, ScanOrganization } from '@guichet/shared/scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHeaders } from '../../test/support/demo';
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

  it('has a concert whose doors are open: admissions scanned by the door account, on the headcount and the customers', async () => {
    const headers = await demoHeaders(t.app);
    const events = await t.app.inject({ method: 'GET', url: '/api/events?limit=100', headers });
    const concert = events.json<EventPage>().items.find((event) => event.name.includes('Saint-Eustache'));
    expect(concert, events.body).toBeDefined();
    const startsIn = Date.parse(concert!.startsAt) - Date.now();
    expect(startsIn).toBeGreaterThan(0);
    expect(startsIn).toBeLessThan(2 * 60 * 60 * 1000);

    const headcount = await t.app.inject({
      method: 'GET',
      url: `/api/events/${concert!.id}/headcount`,
      headers,
    });
    expect(headcount.json<Headcount>()).toMatchObject({ checkedIn: 7, insideNow: 7, expected: 9 });
    const log = await t.app.inject({ method: 'GET', url: `/api/events/${concert!.id}/checkins`, headers });
    const entries = log.json<CheckinLogPage>().items;
    expect(entries.filter((entry) => entry.result === 'ok')).toHaveLength(7);
    expect(entries.filter((entry) => entry.reason === 'already-used')).toHaveLength(1);
    expect(entries.every((entry) => entry.staffName === 'Sam Door')).toBe(true);

    const found = await t.app.inject({ method: 'GET', url: '/api/customers?q=Camille', headers });
    const [camille] = found.json<CustomerPage>().items;
    expect(camille?.totals).toMatchObject({ checkIns: 2, eventsAttended: 1 });
  });
});
