import {
  customerConsents,
  customerNotes,
  memberListHistory,
  memberListMembers,
  memberLists,
} from '@guichet/db/schema/customers';
import { customers } from '@guichet/db/schema/orders';
import type { OrderDetail } from '@guichet/shared/orders';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { type Shop, typeId } from './orders';

/** A box-office order for a buyer: `paid` counts its money, `comp` gives the tickets at no charge. */
export async function boxOffice(
  shop: Shop,
  buyer: { name: string; email: string },
  quantity = 1,
  payment: 'paid' | 'comp' = 'paid',
): Promise<OrderDetail> {
  const response = await shop.call('POST', `/api/events/${shop.event.id}/orders`, {
    buyer,
    lines: [{ ticketTypeId: typeId(shop), quantity }],
    payment,
    sendEmail: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDetail>();
}

/** Everything the customers endpoints may change in an organisation, to prove a refused call changed nothing. */
export async function customersSnapshot(app: App, organizationId: string) {
  const db = app.ctx.db;
  const [people, consents, notes, lists, members, history] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(eq(customers.organizationId, organizationId))
      .orderBy(asc(customers.id)),
    db
      .select()
      .from(customerConsents)
      .where(eq(customerConsents.organizationId, organizationId))
      .orderBy(asc(customerConsents.id)),
    db.select().from(customerNotes).where(eq(customerNotes.organizationId, organizationId)),
    db.select().from(memberLists).where(eq(memberLists.organizationId, organizationId)),
    db
      .select()
      .from(memberListMembers)
      .where(eq(memberListMembers.organizationId, organizationId))
      .orderBy(asc(memberListMembers.customerId)),
    db.select().from(memberListHistory).where(eq(memberListHistory.organizationId, organizationId)),
  ]);
  return { people, consents, notes, lists, members, history };
}
