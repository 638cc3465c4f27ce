import { z } from 'zod';
import { pageOf } from './paging';

/**
 * Where a mail is: `queued` (waiting or being retried), `sent` (handed to the mail server), `stored`
 * (kept in the outbox because no mail server is configured), `failed` (given up after its retries).
 */
export const ORDER_EMAIL_STATUSES = ['queued', 'sent', 'stored', 'failed'] as const;
export type OrderEmailStatus = (typeof ORDER_EMAIL_STATUSES)[number];

/** One e-mail sent (or to be sent) about an order, as the back office lists it. */
export const orderEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(ORDER_EMAIL_STATUSES),
  /** File names of the attachments (e.g. the tickets' PDF). */
  attachments: z.array(z.string()),
  attempts: z.number().int(),
  /** The last delivery error, while retrying or once failed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it was sent, kept or given up. */
  processedAt: z.string().nullable(),
});
export type OrderEmail = z.infer<typeof orderEmailSchema>;

export const orderEmailsSchema = pageOf(orderEmailSchema);
export type OrderEmails = z.infer<typeof orderEmailsSchema>;
