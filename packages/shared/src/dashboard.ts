import { z } from 'zod';
import { pageOf, pageQueryFields } from './paging';

/** The dashboard (`/`, ALL or DASHBOARD): a period's figures against the previous one, events, what needs attention. */

/** The longest period the dashboard compares (about a year), so one request stays cheap. */
export const MAX_DASHBOARD_DAYS = 370;

const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone');

export const dashboardFiguresQuerySchema = z
  .object({
    /** First day of the period (inclusive), in `tz`. */
    from: z.iso.date(),
    /** Last day of the period (inclusive), in `tz`. */
    to: z.iso.date(),
    tz: timeZone.default('UTC'),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'the period ends before it starts' });
    if (days >= MAX_DASHBOARD_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `a period is at most ${MAX_DASHBOARD_DAYS} days`,
      });
  });
export type DashboardFiguresQuery = z.input<typeof dashboardFiguresQuerySchema>;

/** Money figures of one currency, from the ledger. */
export const currencyFiguresSchema = z.object({
  currency: z.string(),
  /** Sales: money received for orders. */
  grossMinor: z.number().int(),
  /** Sales less refunds, fees and adjustments (the finances page's net). */
  netMinor: z.number().int(),
  /** Money given back, as a positive amount. */
  refundsMinor: z.number().int(),
  /** Refunds recorded. */
  refundCount: z.number().int(),
  /** Orders with a sale in the period. */
  paidOrders: z.number().int(),
  /** gross ÷ paid orders, rounded; 0 without orders. */
  averageOrderMinor: z.number().int(),
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

export const periodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Orders paid in the period (free ones included). */
  orders: z.number().int(),
  /** Tickets of those orders. */
  ticketsSold: z.number().int(),
  /** Customers whose first order is in the period. */
  newCustomers: z.number().int(),
  /** Customers with an order paid in the period whose first order is older. */
  returningCustomers: z.number().int(),
  /** Admissions at the gates in the period (undone ones left out). */
  checkIns: z.number().int(),
  currencies: z.array(currencyFiguresSchema),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const salesPointSchema = z.object({
  /** The bucket's start: a day (`YYYY-MM-DD`) or an hour (`YYYY-MM-DDTHH:00`) in `tz`. */
  at: z.string(),
  currency: z.string(),
  grossMinor: z.number().int(),
  orders: z.number().int(),
});
export type SalesPoint = z.infer<typeof salesPointSchema>;

export const dashboardFiguresSchema = z.object({
  tz: z.string(),
  bucket: z.enum(['hour', 'day']),
  current: periodFiguresSchema,
  previous: periodFiguresSchema,
  series: z.array(salesPointSchema),
  at: z.string(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** An upcoming event or one happening now. */
export const dashboardEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  capacity: z.number().int().nullable(),
  ticketsSold: z.number().int(),
  /** Sold ÷ capacity, 0..1; null without a capacity. */
  fillRate: z.number().nullable(),
  /** Tickets sold in the last 7 days. */
  soldLast7Days: z.number().int(),
  /** The previous comparable event (the latest past event of the organisation): sold at the same time before it. */
  comparable: z
    .object({
      id: z.uuid(),
      name: z.string(),
      soldSameTimeBefore: z.number().int(),
      ticketsSold: z.number().int(),
    })
    .nullable(),
  /** Inside now across all gates (events happening now only). */
  insideNow: z.number().int().nullable(),
  checkedIn: z.number().int().nullable(),
});
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

export const dashboardEventsSchema = z.object({
  now: z.array(dashboardEventSchema),
  upcoming: z.array(dashboardEventSchema),
});
export type DashboardEvents = z.infer<typeof dashboardEventsSchema>;

export const ATTENTION_KINDS = [
  'offline-unpaid',
  'refund-failed',
  'email-failed',
  'near-capacity',
  'no-checkin-list',
  'checkin-conflicts',
  /** A mailing that failed, or was paused more than an hour ago (decision 029). */
  'mailing-stopped',
  'payouts-unreconciled',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const attentionQuerySchema = z.object({
  /** Offline orders unpaid for more than this many days. */
  unpaidDays: z.coerce.number().int().min(1).max(90).default(7),
  ...pageQueryFields(),
});

export const attentionItemSchema = z.object({
  kind: z.enum(ATTENTION_KINDS),
  count: z.number().int(),
  eventId: z.uuid().nullable(),
  eventName: z.string().nullable(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionSchema = pageOf(attentionItemSchema);
export type Attention = z.infer<typeof attentionSchema>;
