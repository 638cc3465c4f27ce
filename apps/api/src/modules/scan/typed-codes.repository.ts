import type { Queryable } from '@guichet/db/client';
import { tickets } from '@guichet/db/schema/orders';
import { and, eq, inArray } from 'drizzle-orm';

/** The signed secrets of the organisation's tickets with these short codes (the unique index finds each). */
export async function secretsOfShortCodes(db: Queryable, organizationId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ shortCode: tickets.shortCode, secret: tickets.secret })
    .from(tickets)
    .where(and(eq(tickets.organizationId, organizationId), inArray(tickets.shortCode, codes)));
}
