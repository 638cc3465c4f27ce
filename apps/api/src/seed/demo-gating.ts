import { createTicketTypeBodySchema, type EventDetail } from '@guichet/shared/events';
import type { AppContext } from '../context';
import { memberListChoices } from '../modules/events/member-gates.service';
import { createTicketType } from '../modules/events/ticket-types.service';

/** The member list of the demo's customers (./demo-customers.ts) that gates the members' ticket type. */
const LIST_NAME = 'Friends of Demo Events';

/**
 * A members-only ticket type on the demo's first selling event, restricted to the friends' list, two per
 * member: its buyers on the public page are asked for the code mailed to their address (decision 028).
 */
export async function seedDemoGating(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  events: EventDetail[],
): Promise<void> {
  const event = events.find((candidate) => candidate.ticketTypes.some((type) => type.priceMinor > 0));
  const list = (await memberListChoices(ctx, organizationId, { limit: 100 })).items.find(
    (item) => item.name === LIST_NAME,
  );
  if (!event || !list) return;
  await createTicketType(
    ctx,
    organizationId,
    actor,
    event.id,
    createTicketTypeBodySchema.parse({
      name: 'Friends’ evening (members)',
      description: 'For members of the friends’ society: a reserved seat and a drink at the interval.',
      priceMinor: 1500,
      capacity: 40,
      maxPerOrder: 2,
      visibility: 'members',
      memberListIds: [list.id],
      maxPerMember: 2,
    }),
  );
}
