import { z } from 'zod';
import { customerFiltersSchema } from './customers';

export const MAILING_KINDS = ['marketing', 'event-update'] as const;
export type MailingKind = (typeof MAILING_KINDS)[number];
/** `failed`: finished with every delivery failed (none sent). */
export const MAILING_STATUSES = ['draft', 'sending', 'paused', 'cancelled', 'sent', 'failed'] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];
export const RECIPIENT_STATUSES = [
  'queued',
  'sent',
  'skipped-suppressed',
  'skipped-no-consent',
  'failed',
  'cancelled',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Who a mailing goes to. Marketing: a member list or a filtered set of customers; event update: one event. */
export const mailingAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('list'), listId: z.uuid() }),
  z.strictObject({ kind: z.literal('filter'), filters: customerFiltersSchema }),
  z.strictObject({ kind: z.literal('event'), eventId: z.uuid() }),
]);
export type MailingAudience = z.infer<typeof mailingAudienceSchema>;

/** Rich text as the editor writes it; the server keeps only what the sanitiser allows. */
const bodyHtml = z.string().trim().min(1).max(100_000);
const subject = z.string().trim().min(1).max(200);

export const createMailingBodySchema = z.strictObject({
  kind: z.enum(MAILING_KINDS),
  audience: mailingAudienceSchema,
  subject,
  bodyHtml,
});
export type CreateMailingBody = z.input<typeof createMailingBodySchema>;

export const updateMailingBodySchema = z.strictObject({
  audience: mailingAudienceSchema.optional(),
  subject: subject.optional(),
  bodyHtml: bodyHtml.optional(),
});
export type UpdateMailingBody = z.input<typeof updateMailingBodySchema>;

export const mailingProgressSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  skippedSuppressed: z.number().int(),
  skippedNoConsent: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type MailingProgress = z.infer<typeof mailingProgressSchema>;

export const mailingSchema = z.object({
  id: z.uuid(),
  kind: z.enum(MAILING_KINDS),
  audience: mailingAudienceSchema,
  subject: z.string(),
  bodyHtml: z.string(),
  status: z.enum(MAILING_STATUSES),
  /** True while recipients are still being added from the audience. */
  expanding: z.boolean(),
  progress: mailingProgressSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Mailing = z.infer<typeof mailingSchema>;

export const mailingPageSchema = z.object({
  items: z.array(mailingSchema),
  nextCursor: z.string().nullable(),
});
export type MailingPage = z.infer<typeof mailingPageSchema>;

export const listMailingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.uuid().optional(),
});

export const listRecipientsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.uuid().optional(),
  status: z.enum(RECIPIENT_STATUSES).optional(),
});

export const mailingRecipientSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type MailingRecipient = z.infer<typeof mailingRecipientSchema>;
export const recipientPageSchema = z.object({
  items: z.array(mailingRecipientSchema),
  nextCursor: z.string().nullable(),
});
export type RecipientPage = z.infer<typeof recipientPageSchema>;

export const mailingPreviewSchema = z.object({
  subject: z.string(),
  /** The whole message as a recipient reading English or French gets it (footer and unsubscribe link). */
  html: z.object({ en: z.string(), fr: z.string() }),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

export const mailingActionSchema = z.enum(['send', 'pause', 'resume', 'cancel']);
export type MailingAction = z.infer<typeof mailingActionSchema>;
