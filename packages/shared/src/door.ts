import { z } from 'zod';
import { DOOR_PAYMENT_METHODS } from './door-payment-methods';
import { MAX_AMOUNT_MINOR } from './money';
import { deviceIdSchema, MAX_LISTS_PER_SCAN, redeemAnswerSchema } from './scan';

/**
 * Pay at the door: door staff (SCAN, EVENT or ALL) find a pay-at-the-door order by its exact order code,
 * never by name, take the money and let its holders in at once.
 *
 *   GET  /api/scan/door-orders/:code?deviceId=…        SCAN → doorOrderSchema; a code that matches no order
 *                                                      of the organisation is 404 and counts as a wrong
 *                                                      typed code (429 too-many-attempts past the limit)
 *   POST /api/scan/door-orders/:code/pay               SCAN doorPayBodySchema → doorPayAnswerSchema: the
 *                                                      order is marked paid (the same rule as the back
 *                                                      office's mark-paid: its tickets are issued and
 *                                                      mailed), the payment recorded with the amount,
 *                                                      the method and who took it, then each valid ticket
 *                                                      is checked in on the gate's lists.
 * Errors: `not-found`; `invalid-order-status` (409) when the order is not waiting for payment;
 * `argument-error` when the amount is not the order's total or a list is not of the order's event.
 */

export type { DoorPaymentMethod } from './door-payment-methods';

/** An order code as typed: spaces and dashes are dropped, letters upper-cased. */
export const orderCodeParamSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''));

export const doorOrderQuerySchema = z.object({ deviceId: deviceIdSchema });

/** What the door sees of an order: enough to take the money and check the tickets, no e-mail. */
export const doorOrderSchema = z.object({
  code: z.string(),
  status: z.enum(['reserved', 'pending_payment', 'paid', 'cancelled', 'expired']),
  paymentMethod: z.string(),
  buyerName: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
  event: z.object({ id: z.uuid(), name: z.string() }),
  tickets: z.array(
    z.object({
      id: z.uuid(),
      ticketTypeName: z.string(),
      /** The attendee's name, or the buyer's when none was given. */
      attendeeName: z.string(),
      status: z.string(),
    }),
  ),
});
export type DoorOrder = z.infer<typeof doorOrderSchema>;

export const doorPayBodySchema = z.strictObject({
  /** What was handed over, in minor units: the order's total. */
  amountMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
  method: z.enum(DOOR_PAYMENT_METHODS),
  /** The gate's lists, of the order's event: its tickets are checked in on them. */
  listIds: z.array(z.uuid()).min(1).max(MAX_LISTS_PER_SCAN),
  deviceId: deviceIdSchema,
});
export type DoorPayBody = z.input<typeof doorPayBodySchema>;

export const doorPayAnswerSchema = z.object({
  order: doorOrderSchema,
  /** One check-in per valid ticket, in the order's ticket order. */
  admissions: z.array(redeemAnswerSchema),
});
export type DoorPayAnswer = z.infer<typeof doorPayAnswerSchema>;

/**
 * `POST /api/orders/:orderId/mark-paid` may say what was received (the back office's confirmation): the
 * amount must then be the order's total, and the method is kept with the payment.
 */
export const markPaidBodySchema = z.strictObject({
  amountMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
  method: z.enum(DOOR_PAYMENT_METHODS),
});
export type MarkPaidBody = z.input<typeof markPaidBodySchema>;
