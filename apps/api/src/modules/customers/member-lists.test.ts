import type {
  CustomerDetail,
  CustomerPage,
  ListHistoryEntry,
  MemberList,
  memberPageSchema,
} from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { boxOffice } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';

type MemberPage = z.infer<typeof memberPageSchema>;

let t: TestContext;
let shop: Shop;
let other: Shop;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(TEST_ENV);
  shop = await newShop(t.app);
  other = await newShop(t.app);
  for (const name of ['ann', 'ben', 'cat']) {
    await boxOffice(shop, { name: `${name} Customer`, email: `${name}@example.com` });
  }
  await boxOffice(other, { name: 'Zed Foreign', email: 'zed@example.com' });
  const mine = (await shop.call('GET', '/api/customers')).json<CustomerPage>();
  for (const item of mine.items) ids[item.email.split('@')[0] ?? ''] = item.id;
  const theirs = (await other.call('GET', '/api/customers')).json<CustomerPage>();
  ids.zed = theirs.items[0]?.id ?? '';
});
afterAll(async () => t.close());

async function newList(name: string): Promise<MemberList> {
  const response = await shop.call('POST', '/api/member-lists', { name, description: 'Season members' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MemberList>();
}

async function members(listId: string, query = ''): Promise<MemberPage> {
  const response = await shop.call('GET', `/api/member-lists/${listId}/members${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberPage>();
}

describe('member lists', () => {
  it('are created with a unique name per organisation (any case)', async () => {
    const list = await newList('Friends of the hall');
    expect(list).toMatchObject({ name: 'Friends of the hall', memberCount: 0 });
    const again = await shop.call('POST', '/api/member-lists', { name: 'FRIENDS OF THE HALL' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'argument-error',
      details: [{ path: 'body.name', message: 'taken' }],
    });
    // Another organisation may use the name.
    expect((await other.call('POST', '/api/member-lists', { name: 'Friends of the hall' })).statusCode).toBe(
      201,
    );
    const renamed = await shop.call('PATCH', `/api/member-lists/${list.id}`, { name: 'Hall friends' });
    expect(renamed.json<MemberList>().name).toBe('Hall friends');
    await newList('Board');
    const clash = await shop.call('PATCH', `/api/member-lists/${list.id}`, { name: 'board' });
    expect(clash.statusCode).toBe(400);
  });

  it('keep one list per name when the same name is created at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => shop.call('POST', '/api/member-lists', { name: 'Rush hour' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 400, 400, 400, 400, 400, 400, 400,
    ]);
    const lists = (await shop.call('GET', '/api/member-lists')).json<Page<MemberList>>().items;
    expect(lists.filter((list) => list.name === 'Rush hour')).toHaveLength(1);
    // Walked two at a time, the pages give the same lists in the same order (by name), each once.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<MemberList> = (
        await shop.call('GET', `/api/member-lists?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items.map((list) => list.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(lists.map((list) => list.id));
    expect(lists.length).toBeGreaterThan(2);
  });

  it('take members by id, by e-mail and by filter, with a validity window, and ignore foreign ids', async () => {
    const list = await newList('Season 2027');
    const byId = await shop.call('POST', `/api/member-lists/${list.id}/members`, {
      customerIds: [ids.ann, ids.zed],
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
    });
    expect(byId.json()).toEqual({ added: 1, changed: 0 });
    const byEmail = await shop.call('POST', `/api/member-lists/${list.id}/members`, {
      people: [{ email: 'New.Person@example.com', name: 'New Person' }, { email: 'ann@example.com' }],
    });
    // Ann is already there: her window changes (to none); New Person becomes a customer.
    expect(byEmail.json()).toEqual({ added: 1, changed: 1 });
    const byFilter = await shop.call('POST', `/api/member-lists/${list.id}/members`, {
      filter: { q: 'ben' },
    });
    expect(byFilter.json()).toEqual({ added: 1, changed: 0 });
    const page = await members(list.id);
    expect(page.items.map((member) => member.email.toLowerCase()).sort()).toEqual([
      'ann@example.com',
      'ben@example.com',
      'new.person@example.com',
    ]);
    const zed = (await other.call('GET', `/api/customers/${ids.zed}`)).json<CustomerDetail>();
    expect(zed.lists).toEqual([]);
    const lists = (await shop.call('GET', '/api/member-lists')).json<Page<MemberList>>().items;
    expect(lists.find((entry) => entry.id === list.id)?.memberCount).toBe(3);
    // The filtered set of the customers page: members of the list.
    const onList = (await shop.call('GET', `/api/customers?listId=${list.id}`)).json<CustomerPage>();
    expect(onList.items).toHaveLength(3);
  });

  it('refuse a window that ends before it starts, or an empty request', async () => {
    const list = await newList('Bad windows');
    const backwards = await shop.call('POST', `/api/member-lists/${list.id}/members`, {
      customerIds: [ids.ann],
      validFrom: '2027-12-31',
      validUntil: '2027-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect((await shop.call('POST', `/api/member-lists/${list.id}/members`, {})).statusCode).toBe(400);
    expect(
      (
        await shop.call('POST', `/api/member-lists/${list.id}/members`, {
          customerIds: [ids.ann],
          validFrom: '2027-02-30',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keep who added or removed whom, and when, also on the customer’s timeline', async () => {
    const list = await newList('History');
    await shop.call('POST', `/api/member-lists/${list.id}/members`, { customerIds: [ids.cat] });
    const removed = await shop.call('DELETE', `/api/member-lists/${list.id}/members/${ids.cat}`);
    expect(removed.statusCode).toBe(204);
    const again = await shop.call('DELETE', `/api/member-lists/${list.id}/members/${ids.cat}`);
    expect(again.statusCode).toBe(404);
    const history = (await shop.call('GET', `/api/member-lists/${list.id}/history`)).json<
      Page<ListHistoryEntry>
    >().items;
    expect(history.map((entry) => [entry.action, entry.customerEmail, entry.actorName])).toEqual([
      ['removed', 'cat@example.com', 'Olga Organiser'],
      ['added', 'cat@example.com', 'Olga Organiser'],
    ]);
    // One entry a page: the newest first, then the other after the cursor, and no cursor after the last.
    const first = (await shop.call('GET', `/api/member-lists/${list.id}/history?limit=1`)).json<
      Page<ListHistoryEntry>
    >();
    expect(first.items.map((entry) => entry.id)).toEqual([history[0]?.id]);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await shop.call('GET', `/api/member-lists/${list.id}/history?limit=1&cursor=${first.nextCursor}`)
    ).json<Page<ListHistoryEntry>>();
    expect(second).toEqual({ items: [history[1]], nextCursor: null });
    const cat = (await shop.call('GET', `/api/customers/${ids.cat}`)).json<CustomerDetail>();
    const listEntries = cat.timeline.filter((entry) => entry.kind === 'list');
    expect(listEntries.map((entry) => entry.kind === 'list' && entry.action)).toEqual(['removed', 'added']);
  });

  it('page their members with a cursor and search them', async () => {
    const list = await newList('Paged');
    await shop.call('POST', `/api/member-lists/${list.id}/members`, {
      people: Array.from({ length: 5 }, (_, index) => ({ email: `paged-${index}@example.com` })),
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MemberPage = await members(list.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((member) => member.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(Array.from({ length: 5 }, (_, index) => `paged-${index}@example.com`));
    expect((await members(list.id, '?q=paged-3')).items).toHaveLength(1);
  });

  it('hold one membership per list and customer when the same person is added at once', async () => {
    const list = await newList('Race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        shop.call('POST', `/api/member-lists/${list.id}/members`, {
          people: [{ email: 'racer@example.com' }],
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.json().added === 1)).toHaveLength(1);
    expect((await members(list.id)).items).toHaveLength(1);
  });
});
