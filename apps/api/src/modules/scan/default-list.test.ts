import type { EventDetail } from '@guichet/shared/events';
import type { CheckinList } from '@guichet/shared/scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTicketType, client, createEvent } from '../../../test/support/events';
import { createOrganization, createTestApp, signUp, type TestContext } from '../../../test/support/harness';
import { issue, reasonOf, redeem, scan, TEST_ENV } from '../../../test/support/scan';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
}, 180_000);
afterAll(async () => t.close());

describe('every event can be scanned', () => {
  it('gives a new event, and a copy, a check-in list covering every ticket type, even those added later', async () => {
    const admin = await signUp(t.app, { displayName: 'Olga Organiser' });
    const organization = await createOrganization(t.app, admin.accessToken);
    const call = client(t.app, admin.accessToken, organization.id);
    let event: EventDetail = await createEvent(t.app, admin.accessToken, organization.id);
    const listsOf = async (eventId: string) => {
      const response = await call('GET', `/api/events/${eventId}/checkin-lists`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: CheckinList[] }>().items;
    };
    const [list, ...others] = await listsOf(event.id);
    expect(others).toEqual([]);
    expect(list).toMatchObject({ name: 'Main entrance', allTicketTypes: true, ticketTypeIds: [] });

    event = await addTicketType(t.app, admin.accessToken, organization.id, event.id);
    expect((await call('POST', `/api/events/${event.id}/publish`)).statusCode).toBe(200);
    const shop = { organizationId: organization.id, orgSlug: organization.slug, admin, event, call };
    const [ticket] = await issue(shop);
    expect(reasonOf(await redeem(shop, scan(ticket!.secret, [list!.id])))).toBe('ok');

    const copy = await call('POST', `/api/events/${event.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(await listsOf(copy.json<EventDetail>().id)).toMatchObject([{ name: 'Main entrance' }]);
  });
});
