import {
  type CreateEventBody,
  type CreateTicketTypeBody,
  createEventBodySchema,
  createTicketTypeBodySchema,
  type EventDetail,
} from '@guichet/shared/events';
import type { Locale } from '@guichet/shared/i18n';
import { createBoxOfficeOrderBodySchema, type OrderDetail } from '@guichet/shared/orders';
import { updateCheckinListBodySchema } from '@guichet/shared/scan';
import type { AppContext } from '../context';
import { changeStatus, createEvent } from '../modules/events/events.service';
import { createPool, createTicketType } from '../modules/events/ticket-types.service';
import { createBoxOfficeOrder } from '../modules/orders/orders.service';
import { eventLists, updateList } from '../modules/scan/lists.service';

const DAY = 24 * 60 * 60 * 1000;

interface DemoEvent {
  event: Omit<CreateEventBody, 'startsAt' | 'endsAt'>;
  /** Days from today, and the length in hours. */
  inDays: number;
  hours: number;
  tickets: CreateTicketTypeBody[];
  /** A capacity shared by all the ticket types. */
  sharedCapacity?: number;
  publish: boolean;
}

const PARIS = { timeZone: 'Europe/Paris' };

/**
 * Events of the demo organisation: several venues close together in Paris (so the map's clustering has
 * something to group), others across France and Europe, one online, one still a draft.
 */
const DEMO_EVENTS: DemoEvent[] = [
  {
    event: {
      ...PARIS,
      name: 'Jazz on the Seine',
      description: '<p>An evening of <strong>live jazz</strong> on a river boat.</p>',
      venueName: 'Port de la Bourdonnais',
      venueAddress: 'Port de la Bourdonnais, 75007 Paris, France',
      latitude: 48.8602,
      longitude: 2.2945,
    },
    inDays: 12,
    hours: 3,
    tickets: [
      // Concerts take France's reduced rate; other ticket types the organisation's default.
      { name: 'Standard', priceMinor: 2500, capacity: 120, vatRateBp: 550 },
      { name: 'Front row', priceMinor: 4500, capacity: 20, maxPerOrder: 4 },
    ],
    publish: true,
  },
  {
    event: {
      ...PARIS,
      name: 'Photography workshop',
      description: '<p>Half a day to master light and composition. Bring your camera.</p>',
      venueName: 'Atelier des Lumières',
      venueAddress: '38 Rue Saint-Maur, 75011 Paris, France',
      latitude: 48.8618,
      longitude: 2.3807,
    },
    inDays: 20,
    hours: 4,
    tickets: [{ name: 'Participant', priceMinor: 6000, capacity: 15, maxPerOrder: 2 }],
    publish: true,
  },
  {
    event: {
      ...PARIS,
      name: 'Startup breakfast',
      description: '<p>Coffee, croissants and five pitches.</p>',
      venueName: 'Station F',
      venueAddress: '5 Parvis Alan Turing, 75013 Paris, France',
      latitude: 48.8341,
      longitude: 2.3707,
    },
    inDays: 30,
    hours: 2,
    tickets: [{ name: 'Free entry', priceMinor: 0, capacity: 200 }],
    publish: false,
  },
  {
    event: {
      timeZone: 'Europe/Paris',
      name: 'Lyon Light Walk',
      description: '<p>A guided walk through the old town during the festival of lights.</p>',
      venueName: 'Place Bellecour',
      venueAddress: 'Place Bellecour, 69002 Lyon, France',
      latitude: 45.7578,
      longitude: 4.832,
    },
    inDays: 16,
    hours: 2,
    tickets: [
      { name: 'Adult', priceMinor: 1500, capacity: 60 },
      { name: 'Child', priceMinor: 800, capacity: 60 },
    ],
    sharedCapacity: 80,
    publish: true,
  },
  {
    event: {
      timeZone: 'Europe/Paris',
      name: 'Wine tasting evening',
      description: '<p>Six wines of the region, presented by their makers.</p>',
      venueName: 'Cité du Vin',
      venueAddress: '134 Quai de Bacalan, 33300 Bordeaux, France',
      latitude: 44.8625,
      longitude: -0.5502,
    },
    inDays: 25,
    hours: 3,
    tickets: [{ name: 'Tasting', priceMinor: 3500, capacity: 40, maxPerOrder: 6 }],
    publish: true,
  },
  {
    event: {
      timeZone: 'Europe/Berlin',
      name: 'Berlin Tech Meetup',
      description: '<p>Talks on web performance and offline-first apps.</p>',
      venueName: 'Factory Berlin',
      venueAddress: 'Rheinsberger Str. 76/77, 10115 Berlin, Germany',
      latitude: 52.5372,
      longitude: 13.3947,
    },
    inDays: 40,
    hours: 4,
    tickets: [
      { name: 'Early bird', priceMinor: 1000, capacity: 50 },
      { name: 'Regular', priceMinor: 2000, capacity: 150 },
    ],
    publish: true,
  },
  {
    event: {
      timeZone: 'UTC',
      name: 'Online masterclass: selling out your events',
      description: '<p>A live session with questions at the end.</p>',
      locationType: 'online',
      onlineUrl: 'https://video.example.org/masterclass',
    },
    inDays: 8,
    hours: 1,
    tickets: [{ name: 'Seat', priceMinor: 0, capacity: 500 }],
    publish: true,
  },
];

/** At 18:00 UTC, `days` from today: an evening in Europe. */
function evening(days: number): Date {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(18, 0, 0, 0);
  return date;
}

/**
 * Creates the demo events through the same services as the API, so they obey every rule and are audited.
 * Answers the published ones, for the demo customers to buy tickets of.
 */
export async function seedDemoEvents(
  ctx: AppContext,
  organizationId: string,
  actor: string,
): Promise<EventDetail[]> {
  const published: EventDetail[] = [];
  for (const demo of DEMO_EVENTS) {
    const startsAt = evening(demo.inDays);
    const endsAt = new Date(startsAt.getTime() + demo.hours * 60 * 60 * 1000);
    const event = await createEvent(
      ctx,
      organizationId,
      actor,
      createEventBodySchema.parse({
        ...demo.event,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      }),
    );
    const pool = demo.sharedCapacity
      ? await createPool(ctx, organizationId, actor, event.id, {
          name: 'Whole event',
          capacity: demo.sharedCapacity,
        })
      : undefined;
    for (const ticket of demo.tickets) {
      const poolId = pool?.capacityPools[0]?.id;
      await createTicketType(
        ctx,
        organizationId,
        actor,
        event.id,
        createTicketTypeBodySchema.parse({ ...ticket, ...(poolId ? { poolId } : {}) }),
      );
    }
    if (demo.publish) published.push(await changeStatus(ctx, organizationId, actor, event.id, 'publish'));
    await nameMainGate(ctx, organizationId, actor, event.id);
  }
  return published;
}

/** Every event starts with a check-in list for all its types: the demo calls it the "Main gate". */
export async function nameMainGate(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  eventId: string,
): Promise<string> {
  const [gate] = (await eventLists(ctx, organizationId, eventId, { limit: 1 })).items;
  if (!gate) throw new Error('a demo event has no check-in list');
  await updateList(
    ctx,
    organizationId,
    actor,
    gate.id,
    updateCheckinListBodySchema.parse({ name: 'Main gate' }),
  );
  return gate.id;
}

/** A paid box-office sale of one ticket type, with no mail: how the demo's buyers come to be. */
export function sellAtTheBoxOffice(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  sale: { eventId: string; ticketTypeId: string; quantity: number; buyer: { name: string; email: string } },
  locale: Locale = 'en',
): Promise<OrderDetail> {
  return createBoxOfficeOrder(
    ctx,
    organizationId,
    actor,
    sale.eventId,
    createBoxOfficeOrderBodySchema.parse({
      buyer: sale.buyer,
      lines: [{ ticketTypeId: sale.ticketTypeId, quantity: sale.quantity }],
      payment: 'paid',
      sendEmail: false,
      locale,
    }),
  );
}
