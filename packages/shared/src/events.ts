import { z } from 'zod';
import { MAX_PRICE_MINOR } from './money';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const LOCATION_TYPES = ['venue', 'online'] as const;
export const TICKET_VISIBILITIES = ['public', 'hidden', 'members'] as const;
/** The member lists one `members` ticket type may name (decision 028). */
export const MAX_GATE_LISTS = 20;
export const EVENT_SORTS = ['startsAt', '-startsAt', 'name', '-name', 'createdAt', '-createdAt'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

/** Whether `value` is an IANA time zone this runtime knows (e.g. `Europe/Paris`). */
export function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  if (!value.includes('/') && value !== 'UTC') return false;
  knownZones.add(value);
  return true;
}
// Zones already accepted (a few hundred exist, so the set stays small; refused values are not kept): the
// check runs on every event answer, a buyer's order included, and making a formatter costs far more.
const knownZones = new Set<string>();

const instant = z.iso.datetime({ offset: true });
const timeZoneSchema = z.string().max(64).refine(isTimeZone, 'Unknown time zone');
const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .describe('An http(s) link');
const nameSchema = z.string().trim().min(1).max(200);
/** Stored after the server's allow-list sanitiser. */
const descriptionSchema = z.string().max(50_000);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const count = z.number().int().min(0).max(10_000_000);

const eventFields = {
  name: nameSchema,
  description: descriptionSchema,
  startsAt: instant,
  endsAt: instant,
  timeZone: timeZoneSchema,
  locationType: z.enum(LOCATION_TYPES),
  venueName: z.string().trim().max(200).nullable(),
  venueAddress: z.string().trim().max(500).nullable(),
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
  onlineUrl: httpUrl.nullable(),
  coverFileId: z.uuid().nullable(),
  /** Online checkout asks for each attendee's name and refuses an order without all of them. */
  attendeeNamesRequired: z.boolean(),
};

/** POST /api/events body. Cross-field rules (end after start, venue or link) are checked by the API. */
export const createEventBodySchema = z.strictObject({
  ...eventFields,
  description: descriptionSchema.default(''),
  locationType: z.enum(LOCATION_TYPES).default('venue'),
  venueName: eventFields.venueName.optional(),
  venueAddress: eventFields.venueAddress.optional(),
  latitude: eventFields.latitude.optional(),
  longitude: eventFields.longitude.optional(),
  onlineUrl: eventFields.onlineUrl.optional(),
  coverFileId: eventFields.coverFileId.optional(),
  attendeeNamesRequired: eventFields.attendeeNamesRequired.default(false),
});
export type CreateEventBody = z.input<typeof createEventBodySchema>;

/** PATCH /api/events/:id body: any subset of the fields. */
export const updateEventBodySchema = z.strictObject(eventFields).partial();
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

export const cancelEventBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(1000) });

export const listEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(500).optional(),
  q: z.string().trim().max(200).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  /** Events still running at or after this instant. */
  from: instant.optional(),
  /** Events starting before this instant. */
  to: instant.optional(),
  sort: z.enum(EVENT_SORTS).default('startsAt'),
});
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;

const venueSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

const eventBase = {
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(EVENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  locationType: z.enum(LOCATION_TYPES),
  venue: venueSchema.nullable(),
  onlineUrl: z.string().nullable(),
};

export const eventSummarySchema = z.object({
  ...eventBase,
  ticketTypeCount: z.number().int(),
  /** Sum of the ticket types' capacities, and of their sold and held counts. */
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventPageSchema = z.object({
  items: z.array(eventSummarySchema),
  nextCursor: z.string().nullable(),
});
export type EventPage = z.infer<typeof eventPageSchema>;

export const capacityPoolSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  /** sold + held */
  used: z.number().int(),
  left: z.number().int(),
});
export type CapacityPool = z.infer<typeof capacityPoolSchema>;

export const ticketTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** VAT rate in basis points (550 = 5.5 %); null: the organisation's default rate. */
  vatRateBp: z.number().int().nullable(),
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  used: z.number().int(),
  /** What can still be sold, counting the shared pool when there is one. */
  left: z.number().int(),
  poolId: z.uuid().nullable(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  visibility: z.enum(TICKET_VISIBILITIES),
  /** `members` types: the lists whose members may buy it (empty for the others). */
  memberListIds: z.array(z.uuid()),
  /** `members` types: tickets one member may hold across all their orders; null: no such limit. */
  maxPerMember: z.number().int().nullable(),
  position: z.number().int(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const eventDetailSchema = z.object({
  ...eventBase,
  description: z.string(),
  cancelReason: z.string().nullable(),
  coverFileId: z.uuid().nullable(),
  attendeeNamesRequired: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ticketTypes: z.array(ticketTypeSchema),
  capacityPools: z.array(capacityPoolSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

const ticketTypeFields = {
  name: nameSchema,
  description: z.string().max(5000),
  priceMinor: z.number().int().min(0).max(MAX_PRICE_MINOR),
  vatRateBp: z.number().int().min(0).max(10000).nullable(),
  capacity: count,
  poolId: z.uuid().nullable(),
  salesStart: instant.nullable(),
  salesEnd: instant.nullable(),
  minPerOrder: z.number().int().min(1).max(1000),
  maxPerOrder: z.number().int().min(1).max(1000),
  visibility: z.enum(TICKET_VISIBILITIES),
  memberListIds: z.array(z.uuid()).max(MAX_GATE_LISTS),
  maxPerMember: z.number().int().min(1).max(1000).nullable(),
};

export const createTicketTypeBodySchema = z.strictObject({
  ...ticketTypeFields,
  description: ticketTypeFields.description.default(''),
  vatRateBp: ticketTypeFields.vatRateBp.default(null),
  poolId: ticketTypeFields.poolId.optional(),
  salesStart: ticketTypeFields.salesStart.optional(),
  salesEnd: ticketTypeFields.salesEnd.optional(),
  minPerOrder: ticketTypeFields.minPerOrder.default(1),
  maxPerOrder: ticketTypeFields.maxPerOrder.default(10),
  visibility: ticketTypeFields.visibility.default('public'),
  memberListIds: ticketTypeFields.memberListIds.default([]),
  maxPerMember: ticketTypeFields.maxPerMember.default(null),
});
export type CreateTicketTypeBody = z.input<typeof createTicketTypeBodySchema>;

export const updateTicketTypeBodySchema = z.strictObject(ticketTypeFields).partial();
export type UpdateTicketTypeBody = z.input<typeof updateTicketTypeBodySchema>;

export const reorderTicketTypesBodySchema = z.strictObject({
  ticketTypeIds: z.array(z.uuid()).min(1).max(500),
});

/** The member lists a `members` ticket type may name, as the ticket-type form offers them. */
export const memberListChoicesSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string() })),
  nextCursor: z.string().nullable(),
});
export type MemberListChoices = z.infer<typeof memberListChoicesSchema>;

export const createCapacityPoolBodySchema = z.strictObject({ name: nameSchema, capacity: count });
export const updateCapacityPoolBodySchema = createCapacityPoolBodySchema.partial();

/** Event covers: the raw bytes of a PNG, JPEG or WebP image of at most 5 MiB; the answer names the file. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const coverUploadResultSchema = z.object({ fileId: z.uuid() });
export type CoverUploadResult = z.infer<typeof coverUploadResultSchema>;
