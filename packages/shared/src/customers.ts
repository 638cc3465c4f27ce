import { z } from 'zod';
import { CONSENT_FILTERS, CONSENT_SOURCES, CUSTOMER_LANGUAGES, CUSTOMER_SORTS } from './customer-values';
import { MAX_AMOUNT_MINOR } from './money';
import { pageOf } from './paging';

export * from './customer-values';

/**
 * Customers and member lists (ALL or MEMBER):
 *   GET    /api/customers                 listCustomersQuerySchema → customerPageSchema
 *   GET    /api/customers/export          listCustomersQuerySchema + locale → text/csv
 *   POST   /api/customers/tags            bulkTagBodySchema → { updated }
 *   GET    /api/customers/:id             → customerDetailSchema (a merged record answers the kept one)
 *   PATCH  /api/customers/:id             updateCustomerBodySchema → customerDetailSchema
 *   POST   /api/customers/:id/notes       addNoteBodySchema → customerDetailSchema
 *   POST   /api/customers/:id/consents    recordConsentBodySchema → customerDetailSchema
 */

const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();

const tag = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^,;]+$/, 'no commas or semicolons');
const minor = z.coerce.number().int().min(0).max(MAX_AMOUNT_MINOR);

/** The filters of the customers list, its export and "add the filtered set to a list". */
export const customerFiltersSchema = z.object({
  /** Name, e-mail, or an order's exact code. */
  q: z.string().trim().max(200).optional(),
  /** With `eventRelation`: customers who bought (a live order) or attended (a check-in) this event. */
  eventId: z.uuid().optional(),
  eventRelation: z.enum(['bought', 'attended']).default('bought'),
  tag: tag.optional(),
  /** Current marketing consent: its latest record granted, withdrawn, or no record at all. */
  consent: z.enum(CONSENT_FILTERS).optional(),
  /** Net spend (paid, minus refunds) in one currency, in minor units, inclusive bounds. */
  spendCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  spendMin: minor.optional(),
  spendMax: minor.optional(),
  firstSeenFrom: instant.optional(),
  firstSeenTo: instant.optional(),
  lastSeenFrom: instant.optional(),
  lastSeenTo: instant.optional(),
  /** Members of this list (currently valid or not). */
  listId: z.uuid().optional(),
});
export type CustomerFilters = z.output<typeof customerFiltersSchema>;

export const listCustomersQuerySchema = customerFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(1000).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('lastSeen'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type ListCustomersQuery = z.input<typeof listCustomersQuerySchema>;

export const exportCustomersQuerySchema = customerFiltersSchema.extend({
  sort: z.enum(CUSTOMER_SORTS).default('lastSeen'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** The reader's language: French gets `;` and decimal commas. */
  locale: z.enum(['en', 'fr']).default('en'),
});

export const moneySchema = z.object({ currency: z.string(), amountMinor: z.number().int() });

export const customerTotalsSchema = z.object({
  /** Paid and pending orders. */
  orderCount: z.number().int(),
  /** Valid tickets of those orders. */
  ticketCount: z.number().int(),
  /** Paid orders net of refunds, per currency. */
  spend: z.array(moneySchema),
  eventsAttended: z.number().int(),
  checkIns: z.number().int(),
});
export type CustomerTotals = z.infer<typeof customerTotalsSchema>;

export const customerSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  tags: z.array(z.string()),
  /** The latest consent record: granted, withdrawn, or none recorded (null). */
  consent: z.enum(['granted', 'withdrawn']).nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  totals: customerTotalsSchema,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = z.object({
  items: z.array(customerSummarySchema),
  nextCursor: z.string().nullable(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const consentRecordSchema = z.object({
  id: z.uuid(),
  granted: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  wording: z.string(),
  orderId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});

/** What happened with the person, newest first; each entry says what it links to. */
export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    id: z.uuid(),
    at: z.string(),
    orderId: z.uuid(),
    code: z.string(),
    eventId: z.uuid(),
    eventName: z.string(),
    status: z.string(),
    totalMinor: z.number().int(),
    refundedMinor: z.number().int(),
    currency: z.string(),
    ticketCount: z.number().int(),
  }),
  z.object({
    kind: z.literal('checkin'),
    /** The check-in, consent record, note or history entry the line shows. */
    id: z.uuid(),
    at: z.string(),
    orderId: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    attendeeName: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('consent'),
    id: z.uuid(),
    at: z.string(),
    granted: z.boolean(),
    source: z.enum(CONSENT_SOURCES),
    wording: z.string(),
    actorName: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('note'),
    id: z.uuid(),
    at: z.string(),
    body: z.string(),
    actorName: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('list'),
    id: z.uuid(),
    at: z.string(),
    listId: z.uuid(),
    listName: z.string(),
    action: z.enum(['added', 'removed', 'changed']),
    actorName: z.string().nullable(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const customerDetailSchema = customerSummarySchema.extend({
  notes: z.string().nullable(),
  consents: z.array(consentRecordSchema),
  lists: z.array(
    z.object({
      listId: z.uuid(),
      name: z.string(),
      validFrom: z.string().nullable(),
      validUntil: z.string().nullable(),
    }),
  ),
  timeline: z.array(timelineEntrySchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** GET /api/customers/events: the events a customers filter may name (MEMBER staff cannot list events). */
export const customerEventOptionSchema = z.object({ id: z.uuid(), name: z.string(), startsAt: z.string() });
export type CustomerEventOption = z.infer<typeof customerEventOptionSchema>;
export const customerEventOptionPageSchema = pageOf(customerEventOptionSchema);

export const updateCustomerBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  language: z.enum(CUSTOMER_LANGUAGES).nullable().optional(),
  tags: z.array(tag).max(30).optional(),
  notes: z.string().trim().max(5000).nullable().optional(),
});
export type UpdateCustomerBody = z.input<typeof updateCustomerBodySchema>;

export const addNoteBodySchema = z.strictObject({ body: z.string().trim().min(1).max(5000) });

/** Staff record a consent given or withdrawn outside the checkout, with what the person agreed to. */
export const recordConsentBodySchema = z.strictObject({
  granted: z.boolean(),
  wording: z.string().trim().min(1).max(2000),
});

export const MAX_BULK_CUSTOMERS = 500;

export const bulkTagBodySchema = z.strictObject({
  customerIds: z.array(z.uuid()).min(1).max(MAX_BULK_CUSTOMERS),
  add: z.array(tag).max(10).default([]),
  remove: z.array(tag).max(10).default([]),
});
export type BulkTagBody = z.input<typeof bulkTagBodySchema>;

// Member lists -----------------------------------------------------------------------------------------------
/*
 *   GET    /api/member-lists                         → memberListSchema[]
 *   POST   /api/member-lists                         createMemberListBodySchema → memberListSchema
 *   PATCH  /api/member-lists/:listId                 createMemberListBodySchema (partial) → memberListSchema
 *   GET    /api/member-lists/:listId/members         listMembersQuerySchema → memberPageSchema
 *   POST   /api/member-lists/:listId/members         addMembersBodySchema → { added }
 *   DELETE /api/member-lists/:listId/members/:customerId
 *   GET    /api/member-lists/:listId/history         → listHistoryEntrySchema[] (newest first)
 */

export const createMemberListBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).default(''),
});
export type CreateMemberListBody = z.input<typeof createMemberListBodySchema>;
export const updateMemberListBodySchema = createMemberListBodySchema.partial();

export const memberListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type MemberList = z.infer<typeof memberListSchema>;

const validity = {
  /** First day counted (inclusive); absent: since always. */
  validFrom: day.nullable().default(null),
  /** Last day counted (inclusive); absent: no end. */
  validUntil: day.nullable().default(null),
};

/**
 * Members come from customer ids (hand-picked or selected), from e-mail addresses (a customer is made for
 * an address not yet known), or from the customers matching a filter (as the list page shows them).
 */
export const addMembersBodySchema = z
  .strictObject({
    customerIds: z.array(z.uuid()).max(MAX_BULK_CUSTOMERS).optional(),
    people: z
      .array(
        z.strictObject({ email: z.email().max(254), name: z.string().trim().min(1).max(200).optional() }),
      )
      .max(MAX_BULK_CUSTOMERS)
      .optional(),
    filter: customerFiltersSchema.optional(),
    ...validity,
  })
  .refine((body) => Boolean(body.customerIds?.length || body.people?.length || body.filter), {
    message: 'customerIds, people or filter',
  })
  .refine((body) => !body.validFrom || !body.validUntil || body.validFrom <= body.validUntil, {
    message: 'validFrom after validUntil',
    path: ['validUntil'],
  });
export type AddMembersBody = z.input<typeof addMembersBodySchema>;

export const listMembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(1000).optional(),
  q: z.string().trim().max(200).optional(),
});

export const memberSchema = z.object({
  customerId: z.uuid(),
  name: z.string(),
  email: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  addedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberPageSchema = z.object({ items: z.array(memberSchema), nextCursor: z.string().nullable() });

export const listHistoryEntrySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  action: z.enum(['added', 'removed', 'changed']),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type ListHistoryEntry = z.infer<typeof listHistoryEntrySchema>;

export const memberListPageSchema = pageOf(memberListSchema);
export const listHistoryPageSchema = pageOf(listHistoryEntrySchema);
