import type { MemberList } from '@guichet/shared/customers';
import type { EventDetail } from '@guichet/shared/events';
import { expect } from 'vitest';
import type { TestContext } from './harness';
import { newShop, type Shop } from './orders';

/** A shop whose event sells a public type (index 0) and a members-only type (index 1) gated by `list`. */
export interface GatedShop extends Shop {
  list: MemberList;
  gatedTypeId: string;
}

/**
 * An organisation with a published event, a member list holding `members` (added by e-mail) and a
 * members-only ticket type restricted to it, at most `maxPerMember` per member (null: no limit).
 */
export async function gatedShop(
  t: TestContext,
  members: string[],
  options: { maxPerMember?: number | null; priceMinor?: number } = {},
): Promise<GatedShop> {
  const shop = await newShop(t.app, [{ name: 'Standard', priceMinor: 2500, capacity: 100 }]);
  const created = await shop.call('POST', '/api/member-lists', { name: 'Season members' });
  expect(created.statusCode, created.body).toBe(201);
  const list = created.json<MemberList>();
  if (members.length > 0) {
    const added = await shop.call('POST', `/api/member-lists/${list.id}/members`, {
      people: members.map((email) => ({ email })),
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
  const typed = await shop.call('POST', `/api/events/${shop.event.id}/ticket-types`, {
    name: 'Members',
    priceMinor: options.priceMinor ?? 0,
    capacity: 100,
    visibility: 'members',
    memberListIds: [list.id],
    maxPerMember: options.maxPerMember === undefined ? 1 : options.maxPerMember,
  });
  expect(typed.statusCode, typed.body).toBe(201);
  const event = typed.json<EventDetail>();
  const gated = event.ticketTypes.find((type) => type.visibility === 'members');
  if (!gated) throw new Error('no members-only type');
  return { ...shop, event, list, gatedTypeId: gated.id };
}

/** Asks for a buyer's one-time code, as the public page does. */
export function requestCode(t: TestContext, shop: Shop, email: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/events/${shop.orgSlug}/${shop.event.slug}/member-codes`,
    payload: { email },
  });
}

/** The code of the newest code mail to `to`, or undefined when none came. */
export async function codeMailedTo(t: TestContext, to: string): Promise<string | undefined> {
  await t.app.outbox.drain();
  const mail = t.mails.filter((message) => message.to === to && /members/i.test(message.subject)).at(-1);
  return mail ? /: (\d{6})/.exec(mail.text)?.[1] : undefined;
}

/** Asks for a code and reads it from the mail. */
export async function codeFor(t: TestContext, shop: Shop, email: string): Promise<string> {
  const asked = await requestCode(t, shop, email);
  expect(asked.statusCode, asked.body).toBe(202);
  const code = await codeMailedTo(t, email);
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A public order of `quantity` members-only tickets by `email`, with `memberCode` when given. */
export function gatedOrder(shop: GatedShop, email: string, memberCode?: string, quantity = 1) {
  return {
    buyer: { name: 'Mia Member', email },
    lines: [{ ticketTypeId: shop.gatedTypeId, quantity }],
    paymentMethod: 'free' as const,
    ...(memberCode === undefined ? {} : { memberCode }),
  };
}
