import { uuidv7 } from '@guichet/db/ids';
import { customerConsents } from '@guichet/db/schema/customers';
import { mailingRecipients, mailings, mailSuppressions } from '@guichet/db/schema/mailings';
import { customers } from '@guichet/db/schema/orders';
import type { Mailing } from '@guichet/shared/mailings';
import { asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Shop } from './orders';

export interface Person {
  email: string;
  name?: string;
  /** The latest consent record: granted, withdrawn, or none recorded. */
  consent: boolean | null;
  language?: 'en' | 'fr';
}

/**
 * Customers with their consent, written straight to the tables (hundreds at once: the checkout would be
 * far slower). Answers their ids in the order given.
 */
export async function addPeople(
  app: App,
  organizationId: string,
  people: readonly Person[],
): Promise<string[]> {
  if (people.length === 0) return [];
  const now = new Date();
  const rows = await app.ctx.db
    .insert(customers)
    .values(
      people.map((person) => ({
        organizationId,
        email: person.email,
        name: person.name ?? person.email.split('@')[0] ?? 'Someone',
        language: person.language ?? null,
        firstOrderAt: now,
        lastOrderAt: now,
        currency: 'EUR',
      })),
    )
    .returning({ id: customers.id });
  const ids = rows.map((row) => row.id);
  const consents = people.flatMap((person, index) =>
    person.consent === null
      ? []
      : // A withdrawal after a grant: the latest record is what counts.
        [
          ...(person.consent ? [] : [{ granted: true, ago: 60_000 }]),
          { granted: person.consent, ago: 0 },
        ].map(({ granted, ago }) => ({
          id: uuidv7(now.getTime() - ago),
          createdAt: new Date(now.getTime() - ago),
          organizationId,
          customerId: ids[index] ?? '',
          granted,
          source: 'staff' as const,
          wording: 'Recorded for a test',
        })),
  );
  if (consents.length > 0) await app.ctx.db.insert(customerConsents).values(consents);
  return ids;
}

/** A member list holding these customers, through the API. */
export async function listOf(
  shop: Shop,
  customerIds: readonly string[],
  name = `List ${crypto.randomUUID()}`,
) {
  const created = await shop.call('POST', '/api/member-lists', { name });
  expect(created.statusCode, created.body).toBe(201);
  const listId = created.json<{ id: string }>().id;
  for (let i = 0; i < customerIds.length; i += 500) {
    const added = await shop.call('POST', `/api/member-lists/${listId}/members`, {
      customerIds: customerIds.slice(i, i + 500),
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return listId;
}

/** A marketing mailing to a list (or another audience), as a draft. */
export async function draftMailing(shop: Shop, body: Record<string, unknown>): Promise<Mailing> {
  const created = await shop.call('POST', '/api/mailings', {
    kind: 'marketing',
    subject: 'Spring season',
    bodyHtml: '<p>Our spring season opens on <strong>4 April</strong>.</p>',
    ...body,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Mailing>();
}

/** Runs the mailing lane until nothing is left to do now (the tests' clock is the real one). */
export async function runLane(app: App, maxRuns = 200): Promise<void> {
  for (let run = 0; run < maxRuns; run++) {
    await app.mailingLane.runOnce();
    const [sending] = await app.ctx.db
      .select({ n: count() })
      .from(mailings)
      .where(eq(mailings.status, 'sending'));
    if ((sending?.n ?? 0) === 0) return;
  }
}

/** Everything the mailings endpoints may change in an organisation. */
export async function mailingsSnapshot(app: App, organizationId: string) {
  const db = app.ctx.db;
  const [rows, recipients, suppressions] = await Promise.all([
    db.select().from(mailings).where(eq(mailings.organizationId, organizationId)).orderBy(asc(mailings.id)),
    db
      .select()
      .from(mailingRecipients)
      .where(eq(mailingRecipients.organizationId, organizationId))
      .orderBy(asc(mailingRecipients.id)),
    db.select().from(mailSuppressions).where(eq(mailSuppressions.organizationId, organizationId)),
  ]);
  return { rows, recipients, suppressions };
}

/** The recipients of a mailing by e-mail with their status. */
export async function statusesOf(app: App, mailingId: string): Promise<Map<string, string>> {
  const rows = await app.ctx.db
    .select({ email: mailingRecipients.email, status: mailingRecipients.status })
    .from(mailingRecipients)
    .where(eq(mailingRecipients.mailingId, mailingId));
  return new Map(rows.map((row) => [row.email, row.status]));
}
