import { z } from 'zod';

/**
 * Acquisition: tracking links, first-party visits and the funnel per channel. The one definition of what
 * the API accepts and answers; the web app's forms use the same schemas.
 */

export const TRACKING_CODE_PATTERN = /^[0-9a-z]{8}$/;
/** Channels organisers pick from; any other short word is accepted too. */
export const SUGGESTED_CHANNELS = ['social', 'email', 'poster', 'partner', 'ads', 'press'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const channelSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9 _.-]*$/, 'Letters, digits, spaces, dots, dashes and underscores.');

export const createTrackingLinkBodySchema = z.object({
  eventId: z.uuid(),
  name: z.string().trim().min(1).max(120),
  channel: channelSchema,
  utmSource: optionalText(100),
  utmMedium: optionalText(100),
  utmCampaign: optionalText(100),
});
export type CreateTrackingLinkBody = z.input<typeof createTrackingLinkBodySchema>;

export const updateTrackingLinkBodySchema = createTrackingLinkBodySchema
  .omit({ eventId: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateTrackingLinkBody = z.input<typeof updateTrackingLinkBodySchema>;

export const trackingLinkSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventName: z.string(),
  code: z.string(),
  name: z.string(),
  channel: z.string(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** The short address to print or share (`/t/<code>` on the public site). */
  shortUrl: z.string(),
  /** The public event page the short address leads to, with the link's values. */
  targetUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const trackingLinksQuerySchema = z.object({
  eventId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(500).optional(),
});

export const trackingLinksPageSchema = z.object({
  items: z.array(trackingLinkSchema),
  nextCursor: z.string().nullable(),
});
export type TrackingLinksPage = z.infer<typeof trackingLinksPageSchema>;

// Visits ---------------------------------------------------------------------------------------------------

const utmValue = z.string().trim().max(100).optional();

/**
 * A touch sent by the public event page: a visit when it opens, `checkout` when the buyer starts to pay.
 * The visitor id is a random UUID the browser keeps (first party); the referrer is reduced to its host.
 */
export const recordVisitBodySchema = z.object({
  orgSlug: z.string().min(1).max(200),
  eventSlug: z.string().min(1).max(200),
  visitorId: z.uuid(),
  kind: z.enum(['visit', 'checkout']).default('visit'),
  link: z.string().max(16).optional(),
  utmSource: utmValue,
  utmMedium: utmValue,
  utmCampaign: utmValue,
  referrer: z.string().max(2000).optional(),
});
export type RecordVisitBody = z.input<typeof recordVisitBodySchema>;

// Settings -------------------------------------------------------------------------------------------------

export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;

export const acquisitionSettingsSchema = z.object({
  attributionWindowDays: z.number().int().min(1).max(365),
});
export type AcquisitionSettings = z.infer<typeof acquisitionSettingsSchema>;

// The funnel -----------------------------------------------------------------------------------------------

export const FUNNEL_GROUPS = ['channel', 'link'] as const;
export const ATTRIBUTION_MODELS = ['last', 'first'] as const;

const day = z.iso.date();

export const funnelQuerySchema = z
  .object({
    eventId: z.uuid().optional(),
    from: day,
    to: day,
    groupBy: z.enum(FUNNEL_GROUPS).default('channel'),
    model: z.enum(ATTRIBUTION_MODELS).default('last'),
    timeZone: z.string().max(64).default('UTC'),
  })
  .refine((query) => query.from <= query.to, { message: 'The period ends before it starts.', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 366 * 24 * 3600 * 1000, {
    message: 'At most a year at a time.',
    path: ['to'],
  });
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

export const funnelRowSchema = z.object({
  channel: z.string(),
  linkId: z.uuid().nullable(),
  linkName: z.string().nullable(),
  visits: z.number().int(),
  checkouts: z.number().int(),
  paidOrders: z.number().int(),
  /** Net of refunds, one amount per currency sold in. */
  netRevenue: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
  /** Rates in [0, 1], null when the step before is zero. */
  checkoutRate: z.number().nullable(),
  paidRate: z.number().nullable(),
  conversionRate: z.number().nullable(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(FUNNEL_GROUPS),
  model: z.enum(ATTRIBUTION_MODELS),
  rows: z.array(funnelRowSchema),
  total: funnelRowSchema,
});
export type Funnel = z.infer<typeof funnelSchema>;

/** A share, or null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
