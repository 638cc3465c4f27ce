import { randomUUID } from 'node:crypto';
import { createEventBodySchema, createTicketTypeBodySchema } from '@guichet/shared/events';
import { redeemRequestSchema } from '@guichet/shared/scan';
import type { AppContext } from '../context';
import { changeStatus, createEvent } from '../modules/events/events.service';
import { createTicketType } from '../modules/events/ticket-types.service';
import { HeadcountHub } from '../modules/scan/headcount';
import { RedeemBatches, redeem } from '../modules/scan/redeem.service';
import { nameMainGate, sellAtTheBoxOffice } from './demo-events';

const MINUTE = 60 * 1000;

/** Who holds tickets for the concert, and how many of them are already inside. */
const AUDIENCE = [
  { name: 'Camille Laurent', email: 'camille.laurent@example.fr', tickets: 2, inside: 2 },
  { name: 'Amira Haddad', email: 'amira.haddad@example.com', tickets: 2, inside: 1 },
  { name: 'Grace Okafor', email: 'grace.okafor@example.co.uk', tickets: 1, inside: 1 },
  { name: 'Lucas Moreau', email: 'lucas.moreau@example.fr', tickets: 1, inside: 0 },
  { name: 'Nadia Benali', email: 'nadia.benali@example.fr', tickets: 2, inside: 2 },
  { name: 'Tomás García', email: 'tomas.garcia@example.es', tickets: 1, inside: 1 },
];

/**
 * An event whose doors are open when the demo is made: its start is within the hour, its buyers are among
 * the demo's customers, and the door account has let most of them in, scanning their tickets' codes as the
 * scanner does (and one ticket twice, refused as already used). So the check-in page, the dashboard and
 * the customers' totals and timelines all have admissions to show, made by the same rules as at a real door.
 */
export async function seedDemoDoors(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  door: { staffId: string; sessionGeneration: number },
): Promise<void> {
  // The next quarter hour at least 45 minutes ahead: the doors open before the start.
  const startsAt = new Date(Math.ceil((Date.now() + 45 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
  const event = await createEvent(
    ctx,
    organizationId,
    actor,
    createEventBodySchema.parse({
      timeZone: 'Europe/Paris',
      name: 'Choir concert at Saint-Eustache',
      description: '<p>Sacred music of the Renaissance, sung by the Paris chamber choir.</p>',
      venueName: 'Église Saint-Eustache',
      venueAddress: '2 Impasse Saint-Eustache, 75001 Paris, France',
      latitude: 48.8634,
      longitude: 2.3451,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 60 * MINUTE).toISOString(),
    }),
  );
  const type = await createTicketType(
    ctx,
    organizationId,
    actor,
    event.id,
    createTicketTypeBodySchema.parse({ name: 'Nave', priceMinor: 1800, capacity: 150, vatRateBp: 550 }),
  );
  const ticketTypeId = type.ticketTypes.find((item) => item.name === 'Nave')?.id;
  if (!ticketTypeId) throw new Error('the demo concert has no ticket type');
  await changeStatus(ctx, organizationId, actor, event.id, 'publish');
  const gateId = await nameMainGate(ctx, organizationId, actor, event.id);

  const secrets: string[] = [];
  for (const person of AUDIENCE) {
    const order = await sellAtTheBoxOffice(ctx, organizationId, actor, {
      eventId: event.id,
      ticketTypeId,
      quantity: person.tickets,
      buyer: { name: person.name, email: person.email },
    });
    for (const ticket of order.tickets.slice(0, person.inside))
      if (ticket.secret) secrets.push(ticket.secret);
  }
  const [twice] = secrets;
  if (twice) secrets.push(twice);

  const hub = new HeadcountHub(ctx.db, ctx.config.scan.headcountPollMs, () => {}, ctx.live);
  const batches = new RedeemBatches(ctx.db);
  try {
    const caller = { organizationId, ...door };
    for (const secret of secrets) {
      const scan = { secret, listIds: [gateId], scannedAt: new Date().toISOString() };
      await redeem(
        ctx,
        hub,
        batches,
        caller,
        redeemRequestSchema.parse({ ...scan, nonce: randomUUID(), deviceId: 'demo-door-phone' }),
      );
    }
  } finally {
    hub.close();
    await batches.known.settled();
  }
}
