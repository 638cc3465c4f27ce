import { createMemberListBodySchema } from '@guichet/shared/customers';
import type { EventDetail } from '@guichet/shared/events';
import type { AppContext } from '../context';
import * as customers from '../modules/customers/customers.service';
import { addMembers, createMemberList } from '../modules/customers/member-lists.service';
import { sellAtTheBoxOffice } from './demo-events';

/** People who bought at the box office, with what staff know of them (believable, not real). */
const PEOPLE = [
  {
    name: 'Camille Laurent',
    email: 'camille.laurent@example.fr',
    tickets: [2, 1],
    tags: ['member', 'newsletter'],
    phone: '+33 6 12 34 56 78',
    language: 'fr' as const,
    consent: true,
  },
  { name: 'Jonas Becker', email: 'jonas.becker@example.de', tickets: [1], tags: ['press'], consent: false },
  {
    name: 'Amira Haddad',
    email: 'amira.haddad@example.com',
    tickets: [4, 2],
    tags: ['member'],
    consent: true,
  },
  {
    name: 'Lucas Moreau',
    email: 'lucas.moreau@example.fr',
    tickets: [1, 1],
    tags: [],
    language: 'fr' as const,
  },
  {
    name: 'Grace Okafor',
    email: 'grace.okafor@example.co.uk',
    tickets: [3],
    tags: ['volunteer'],
    consent: true,
  },
  {
    name: 'Pierre Dubois',
    email: 'pierre.dubois@example.fr',
    tickets: [2],
    tags: ['member', 'board'],
    note: 'Treasurer of the friends’ society; prefers aisle seats.',
  },
];

/**
 * The demo organisation's customers and a member list, made through the services (box-office orders make
 * the customers, as buyers would): totals, tags, consent, notes and a list to explore on /customers.
 */
export async function seedDemoCustomers(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  events: EventDetail[],
): Promise<void> {
  const selling = events.filter((event) => event.ticketTypes.some((type) => type.priceMinor > 0));
  if (selling.length === 0) return;
  for (const person of PEOPLE) {
    for (const [index, quantity] of person.tickets.entries()) {
      const event = selling[index % selling.length];
      const type = event?.ticketTypes.find((candidate) => candidate.priceMinor > 0);
      if (!event || !type) continue;
      const buyer = { name: person.name, email: person.email };
      const sale = { eventId: event.id, ticketTypeId: type.id, quantity, buyer };
      await sellAtTheBoxOffice(ctx, organizationId, actor, sale, person.language);
    }
  }
  const page = await customers.listCustomers(ctx, organizationId, {
    limit: 100,
    sort: 'name',
    direction: 'asc',
    eventRelation: 'bought',
  });
  const idOf = (email: string) => page.items.find((item) => item.email === email)?.id;
  for (const person of PEOPLE) {
    const id = idOf(person.email);
    if (!id) continue;
    await customers.updateCustomer(ctx, organizationId, actor, id, {
      tags: person.tags,
      ...(person.phone ? { phone: person.phone } : {}),
      ...(person.language ? { language: person.language } : {}),
    });
    if (person.consent !== undefined) {
      await customers.recordConsent(ctx, organizationId, actor, id, {
        granted: person.consent,
        wording: person.consent
          ? 'Agreed at the bar to receive the monthly programme by e-mail.'
          : 'Asked on the phone to receive no more news.',
      });
    }
    if (person.note) await customers.addNote(ctx, organizationId, actor, id, { body: person.note });
  }
  const list = await createMemberList(
    ctx,
    organizationId,
    actor,
    createMemberListBodySchema.parse({
      name: 'Friends of Demo Events',
      description: 'Season members: early access to members-only tickets.',
    }),
  );
  const year = new Date().getUTCFullYear();
  await addMembers(ctx, organizationId, actor, list.id, {
    filter: { tag: 'member', eventRelation: 'bought' },
    validFrom: `${year}-01-01`,
    validUntil: `${year}-12-31`,
  });
}
