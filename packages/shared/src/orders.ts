import { z } from 'zod';
import { billingDetailsSchema, orderNetSchema } from './finances';
import { memberCodeSchema } from './member-gate';
import { paymentSchema, refundSchema } from './payments';

export const ORDER_STATUSES = ['reserved', 'pending_payment', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['free', 'offline', 'stripe', 'box_office'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const TICKET_STATUSES = ['valid', 'cancelled', 'refunded'] as const;
export const ORDER_CHANNELS = ['online', 'box_office'] as const;

/** Tickets in one order, all lines together: enough for a group, small enough to stop abuse. */
export const MAX_TICKETS_PER_ORDER = 100;

const instant = z.iso.datetime({ offset: true });
const personName = z.string().trim().min(1).max(200);
const email = z.email().max(254);
const quantity = z.number().int().min(1).max(MAX_TICKETS_PER_ORDER);

export const buyerSchema = z.strictObject({ name: personName, email });

export const orderLineInputSchema = z.strictObject({
  ticketTypeId: z.uuid(),
  quantity,
  /** One name per ticket, in order; fewer names than tickets leaves the rest unnamed. */
  attendeeNames: z.array(personName).max(MAX_TICKETS_PER_ORDER).optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const lines = z.array(orderLineInputSchema).min(1).max(20);

/**
 * POST /api/public/events/:orgSlug/:eventSlug/orders. `stripe` (when the event offers it) reserves the
 * seats and answers the Stripe Checkout address to pay at.
 */
export const createPublicOrderBodySchema = z.strictObject({
  buyer: buyerSchema,
  lines,
  paymentMethod: z.enum(['free', 'offline', 'stripe']),
  locale: z.enum(['en', 'fr']).default('en'),
  /** The first-party visitor id of the event page (acquisition): the order is credited to its visits. */
  visitorId: z.uuid().optional(),
  /** The buyer ticked the box to hear from the organiser (unticked by default); absent means no. */
  marketingConsent: z.boolean().optional(),
  /** The one-time code mailed to the buyer's address: needed for members-only ticket types. */
  memberCode: memberCodeSchema.optional(),
  /** The company to invoice, asked for at checkout: the invoice is issued when the order is paid. */
  billing: billingDetailsSchema.optional(),
});
export type CreatePublicOrderBody = z.input<typeof createPublicOrderBodySchema>;

/** POST /api/events/:eventId/orders: staff at the box office give tickets away or take payment there. */
export const createBoxOfficeOrderBodySchema = z.strictObject({
  buyer: buyerSchema,
  lines,
  /** `comp`: tickets given at no charge; `paid`: the price was paid at the box office. */
  payment: z.enum(['comp', 'paid']),
  note: z.string().trim().max(1000).optional(),
  /** Sends the tickets by e-mail to the buyer (default true). */
  sendEmail: z.boolean().default(true),
  locale: z.enum(['en', 'fr']).default('en'),
});
export type CreateBoxOfficeOrderBody = z.input<typeof createBoxOfficeOrderBodySchema>;

export const idempotencyHeaderSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .optional(),
});

/** A ticket type as the public page shows it: on sale now, with the places left. */
export const publicTicketTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  available: z.number().int(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  salesEnd: z.string().nullable(),
  /** Sold only to members of the organiser's lists, with a one-time code mailed to their address. */
  membersOnly: z.boolean(),
});

export const publicEventSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  locationType: z.enum(['venue', 'online']),
  venue: z
    .object({
      name: z.string().nullable(),
      address: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  organization: z.object({ name: z.string(), slug: z.string() }),
  /** The cover image's address under the API's base (it changes with the image), or null without one. */
  coverUrl: z.string().nullable(),
  /** The checkout must give each ticket's attendee name. */
  attendeeNamesRequired: z.boolean(),
  ticketTypes: z.array(publicTicketTypeSchema),
  /** How a paying buyer may pay: offline always, `stripe` when the organisation can take cards. */
  paymentMethods: z.array(z.enum(['offline', 'stripe'])),
  /** How long a card checkout holds its places while the buyer pays. */
  reservationMinutes: z.number().int(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const ticketSchema = z.object({
  id: z.uuid(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  priceMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** The signed QR payload; only once the order is paid. */
  secret: z.string().nullable(),
  /** The code a person can type at the door (packages/shared/src/ticket-code.ts); like the secret, only once paid. */
  shortCode: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** What a buyer sees of their order. */
export const publicOrderSchema = z.object({
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  buyer: z.object({ name: z.string(), email: z.string() }),
  totalMinor: z.number().int(),
  currency: z.string(),
  reservedUntil: z.string().nullable(),
  createdAt: z.string(),
  event: z.object({ name: z.string(), startsAt: z.string(), timeZone: z.string() }),
  tickets: z.array(ticketSchema),
  /**
   * The organiser's own instructions for paying an offline order (while it waits for payment). Defaults
   * to null so that answers stored for idempotent replays before the field existed still serialise.
   */
  paymentInstructions: z.string().nullable().default(null),
  /** A card order still reserved: the Stripe Checkout page where it is paid, while time is left. */
  checkoutUrl: z.string().nullable().optional(),
  /** Money given back to the buyer so far. */
  refundedMinor: z.number().int().optional(),
  /** The reference of the order's invoice, once issued (asked for at checkout or from the order page). */
  invoiceReference: z.string().nullable().optional(),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const orderSummarySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  eventId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(ORDER_CHANNELS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  buyerName: z.string(),
  buyerEmail: z.string(),
  totalMinor: z.number().int(),
  refundedMinor: z.number().int(),
  currency: z.string(),
  ticketCount: z.number().int(),
  reservedUntil: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  nextCursor: z.string().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  note: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  event: z.object({ id: z.uuid(), name: z.string(), startsAt: z.string(), timeZone: z.string() }),
  tickets: z.array(ticketSchema),
  payments: z.array(paymentSchema),
  refunds: z.array(refundSchema),
  /** The order's money net of refunds and fees, from the ledger. */
  net: orderNetSchema,
  audit: z.array(auditEntrySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const listOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.uuid().optional(),
  /** Buyer name, e-mail or order code. */
  q: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  ticketTypeId: z.uuid().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  /** Orders created at or after this instant. */
  from: instant.optional(),
  /** Orders created before this instant. */
  to: instant.optional(),
});
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>;

export const cancelOrderBodySchema = z.strictObject({ reason: z.string().trim().max(1000).optional() });
export const updateTicketBodySchema = z.strictObject({ attendeeName: personName.nullable() });
