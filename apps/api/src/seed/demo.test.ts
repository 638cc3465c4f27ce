import { events, ticketTypes } from '@guichet/db/schema/events';
import { memberGates } from '@guichet/db/schema/gating';
import { organizations } from '@guichet/db/schema/organizations';
import type { CustomerPage, MemberList } from '@guichet/shared/customers';
import type { EventPage } from '@guichet/shared/events';
import type { MailingPage } from '@guichet/shared/mailings';
import type { PublicEvent } from '@guichet/shared/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHeaders } from '../../test/support/demo';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { seedDemo } from './demo';

describe('demo data', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.ctx, t.app.log);
  });
  afterAll(() => t.close());

  it('lets the README account sign in and see the demo events, with venues for the map', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: await demoHeaders(t.app),
    });
    expect(response.statusCode).toBe(200);
    const page = response.json() as EventPage;
    expect(page.items.length).toBeGreaterThanOrEqual(6);
    expect(page.items.filter((event) => event.venue?.latitude != null).length).toBeGreaterThanOrEqual(5);
    expect(page.items.some((event) => event.status === 'draft')).toBe(true);
    expect(page.items.some((event) => event.status === 'published' && event.ticketTypeCount >= 2)).toBe(true);
  });

  it('shows acquisition: tracking links with visits and attributed orders', async () => {
    const headers = await demoHeaders(t.app);
    const links = await t.app.inject({ method: 'GET', url: '/api/acquisition/links', headers });
    expect(links.json().items).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const funnel = await t.app.inject({
      method: 'GET',
      url: `/api/acquisition/funnel?from=${from}&to=${today}&groupBy=link`,
      headers,
    });
    expect(funnel.statusCode, funnel.body).toBe(200);
    const body = funnel.json() as { rows: { linkName: string | null; paidOrders: number }[] };
    expect(body.rows.filter((row) => row.linkName && row.paidOrders > 0).length).toBe(3);
  });

  it('has customers with totals, tags and consent, and a member list of them', async () => {
    const headers = await demoHeaders(t.app);
    const people = (
      await t.app.inject({ method: 'GET', url: '/api/customers', headers })
    ).json() as CustomerPage;
    expect(people.items.length).toBeGreaterThanOrEqual(6);
    // Most bought something; the finances demo adds a free (comp) ticket, whose holder spent nothing.
    expect(people.items.filter((person) => person.totals.spend.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(people.items.some((person) => person.consent === 'granted')).toBe(true);
    const lists = (await t.app.inject({ method: 'GET', url: '/api/member-lists', headers })).json() as {
      items: MemberList[];
    };
    expect(lists.items[0]?.memberCount).toBe(3);
    const mailings = (
      await t.app.inject({ method: 'GET', url: '/api/mailings', headers })
    ).json() as MailingPage;
    expect(mailings.items.map((m) => m.status).sort()).toEqual(['draft', 'sent']);
    const sent = mailings.items.find((m) => m.status === 'sent');
    // Of the three members, the two who consented received it; the one without consent was skipped.
    expect(sent?.progress).toMatchObject({ total: 3, sent: 2, skippedNoConsent: 1 });
  });

  it('sells a members-only ticket type gated by the member list', async () => {
    const [demo] = await t.app.ctx.db
      .select({ id: organizations.id, slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.slug, 'demo-events'));
    const gated = await t.app.ctx.db
      .select()
      .from(memberGates)
      .where(eq(memberGates.organizationId, demo!.id));
    expect(gated).toHaveLength(1);
    const [type] = await t.app.ctx.db
      .select({ eventId: ticketTypes.eventId })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, gated[0]!.ticketTypeId));
    const [event] = await t.app.ctx.db
      .select({ slug: events.slug })
      .from(events)
      .where(eq(events.id, type!.eventId));
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${demo!.slug}/${event!.slug}`,
    });
    expect(page.json<PublicEvent>().ticketTypes.filter((item) => item.membersOnly)).toHaveLength(1);
  });

  it('runs once: a second start adds nothing', async () => {
    const before = await t.app.ctx.db.$count(events);
    await seedDemo(t.app.ctx, t.app.log);
    expect(await t.app.ctx.db.$count(events)).toBe(before);
  });
});
