import { randomUUID } from 'node:crypto';
import { auditLog } from '@guichet/db/schema/teams';
import type { CustomerMerge } from '@guichet/shared/customer-records';
import type { CustomerDetail, CustomerPage } from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxOffice } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';
import { addList, redeem, scan } from '../../../test/support/scan';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, SCAN_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => t.close());

async function customerIdOf(shop: Shop, email: string): Promise<string> {
  const page = (await shop.call('GET', `/api/customers?q=${encodeURIComponent(email)}`)).json<CustomerPage>();
  const id = page.items[0]?.id;
  if (!id) throw new Error(`no customer ${email}`);
  return id;
}

const detail = async (shop: Shop, id: string) => {
  const response = await shop.call('GET', `/api/customers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomerDetail>();
};

/** One person known under two addresses: home (one order, list "Club") and work (one order, a note, lists "Club" and "Press", tag "press"). */
async function twoRecords() {
  const shop = await newShop(t.app);
  const suffix = randomUUID().slice(0, 8);
  const home = { name: 'Inès Marchetti', email: `ines.${suffix}@example.com` };
  const work = { name: 'I. Marchetti', email: `i.marchetti.${suffix}@work.example` };
  const homeOrder = await boxOffice(shop, home);
  await boxOffice(shop, work, 2);
  const homeId = await customerIdOf(shop, home.email);
  const workId = await customerIdOf(shop, work.email);
  const club = (await shop.call('POST', '/api/member-lists', { name: 'Club' })).json<{ id: string }>();
  const press = (await shop.call('POST', '/api/member-lists', { name: 'Press' })).json<{ id: string }>();
  await shop.call('POST', `/api/member-lists/${club.id}/members`, { customerIds: [homeId, workId] });
  await shop.call('POST', `/api/member-lists/${press.id}/members`, { customerIds: [workId] });
  await shop.call('POST', `/api/customers/${workId}/notes`, { body: 'Writes for the local paper' });
  await shop.call('PATCH', `/api/customers/${workId}`, { tags: ['press'] });
  await shop.call('PATCH', `/api/customers/${homeId}`, { tags: ['regular'] });
  await shop.call('POST', `/api/customers/${workId}/consents`, { granted: true, wording: 'Yes, by phone' });
  const door = await addList(shop);
  await redeem(shop, scan(homeOrder.tickets[0]?.secret ?? '', [door.id]));
  return { shop, home, work, homeId, workId, club: club.id, press: press.id };
}

describe('merging two records of one person', () => {
  it('moves notes, lists and tags, counts both addresses’ orders, and the old id resolves', async () => {
    const { shop, work, homeId, workId, press } = await twoRecords();
    const merged = await shop.call('POST', `/api/customers/${homeId}/merges`, { mergedId: workId });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json<CustomerMerge>()).toMatchObject({
      keptId: homeId,
      mergedId: workId,
      moved: { notes: 1, memberships: 1, tags: ['press'] },
      unmergedAt: null,
    });
    const kept = await detail(shop, homeId);
    expect(kept.totals.orderCount).toBe(2);
    expect(kept.totals.ticketCount).toBe(3);
    expect(kept.totals.spend).toEqual([{ currency: 'EUR', amountMinor: 7500 }]);
    expect(kept.totals.checkIns).toBe(1);
    expect(kept.tags).toEqual(['press', 'regular']);
    expect(kept.lists.map((list) => list.name).sort()).toEqual(['Club', 'Press']);
    expect(kept.timeline.filter((entry) => entry.kind === 'order')).toHaveLength(2);
    expect(kept.timeline.some((entry) => entry.kind === 'note')).toBe(true);
    // The old id answers the kept record; the list shows one person.
    expect((await detail(shop, workId)).id).toBe(homeId);
    const everyone = (await shop.call('GET', '/api/customers')).json<CustomerPage>();
    expect(everyone.items.map((item) => item.id)).toEqual([homeId]);
    expect(everyone.items[0]?.totals.orderCount).toBe(2);
    const members = await shop.call('GET', `/api/member-lists/${press}/members`);
    expect(members.body).toContain(homeId);
    // Merging again (by either id) is refused.
    const again = await shop.call('POST', `/api/customers/${workId}/merges`, { mergedId: homeId });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('argument-error');
    // Audited.
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, homeId));
    expect(audit.map((entry) => entry.action)).toContain('customer.merged');
    // The JSON export of the person holds both addresses' orders.
    const exported = await shop.call('GET', `/api/customers/${workId}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('application/json');
    const record = JSON.parse(exported.body);
    expect(record.customer.id).toBe(homeId);
    expect(record.mergedRecords.map((row: { email: string }) => row.email)).toEqual([work.email]);
    expect(record.orders).toHaveLength(2);
    expect(record.orders.flatMap((order: { tickets: unknown[] }) => order.tickets)).toHaveLength(3);
    expect(
      record.orders.flatMap((order: { tickets: { checkIns: unknown[] }[] }) =>
        order.tickets.flatMap((ticket) => ticket.checkIns),
      ),
    ).toHaveLength(1);
    expect(record.consents).toHaveLength(1);
    expect(record.notes).toHaveLength(1);
    expect(record.listMemberships).toHaveLength(3);
    expect(record.listHistory.length).toBeGreaterThanOrEqual(3);
    expect(Array.isArray(record.mails)).toBe(true);
  });

  it('an unmerge puts back exactly what moved', async () => {
    const { shop, homeId, workId, press } = await twoRecords();
    await shop.call('POST', `/api/customers/${homeId}/merges`, { mergedId: workId });
    const undone = await shop.call('DELETE', `/api/customers/${homeId}/merges/${workId}`);
    expect(undone.statusCode, undone.body).toBe(204);
    const home = await detail(shop, homeId);
    const work = await detail(shop, workId);
    expect(work.id).toBe(workId);
    expect(home.totals.orderCount).toBe(1);
    expect(home.tags).toEqual(['regular']);
    expect(home.lists.map((list) => list.name)).toEqual(['Club']);
    expect(work.lists.map((list) => list.name).sort()).toEqual(['Club', 'Press']);
    expect(work.tags).toEqual(['press']);
    expect(work.timeline.some((entry) => entry.kind === 'note')).toBe(true);
    expect(home.timeline.some((entry) => entry.kind === 'note')).toBe(false);
    const members = await shop.call('GET', `/api/member-lists/${press}/members`);
    expect(members.body).toContain(workId);
    expect(members.body).not.toContain(homeId);
    const { items: merges, nextCursor } = (await shop.call('GET', `/api/customers/${homeId}/merges`)).json<
      Page<CustomerMerge>
    >();
    expect(nextCursor).toBeNull();
    expect(merges).toHaveLength(1);
    expect(merges[0]?.unmergedAt).not.toBeNull();
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, homeId));
    expect(audit.map((entry) => entry.action)).toContain('customer.unmerged');
    // Nothing to undo twice.
    expect((await shop.call('DELETE', `/api/customers/${homeId}/merges/${workId}`)).statusCode).toBe(404);
    // And they can be merged again.
    expect(
      (await shop.call('POST', `/api/customers/${workId}/merges`, { mergedId: homeId })).statusCode,
    ).toBe(201);
  });

  it('two opposite merges at once: exactly one wins and no record points at itself', async () => {
    const { shop, homeId, workId } = await twoRecords();
    const answers = await Promise.all([
      shop.call('POST', `/api/customers/${homeId}/merges`, { mergedId: workId }),
      shop.call('POST', `/api/customers/${workId}/merges`, { mergedId: homeId }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    const a = await detail(shop, homeId);
    const b = await detail(shop, workId);
    expect(a.id).toBe(b.id);
    expect((await shop.call('GET', '/api/customers')).json<CustomerPage>().items).toHaveLength(1);
  });

  it('refuses a record of another organisation and a record merged into itself', async () => {
    const { shop, homeId } = await twoRecords();
    const other = await twoRecords();
    const foreign = await shop.call('POST', `/api/customers/${homeId}/merges`, { mergedId: other.homeId });
    expect(foreign.statusCode).toBe(404);
    const self = await shop.call('POST', `/api/customers/${homeId}/merges`, { mergedId: homeId });
    expect(self.statusCode).toBe(400);
    const bad = await shop.call('POST', `/api/customers/${homeId}/merges`, { mergedId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await other.shop.call('GET', `/api/customers/${other.homeId}`)).json<CustomerDetail>().id).toBe(
      other.homeId,
    );
  });
});
