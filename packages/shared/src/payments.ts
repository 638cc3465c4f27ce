import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from './money';

/** Who received or gave back the money: Stripe (card), or staff recording it (offline, box office). */
export const PAYMENT_PROVIDERS = ['stripe', 'offline', 'box_office'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The organisation's Stripe Connect account, as Stripe last described it. */
export const stripeAccountStateSchema = z.object({
  /** Card payments are configured on this server (a Stripe key is set). */
  available: z.boolean(),
  /** The organisation has a connected account (onboarding started). */
  connected: z.boolean(),
  accountId: z.string().nullable(),
  detailsSubmitted: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
});
export type StripeAccountState = z.infer<typeof stripeAccountStateSchema>;

/** Where the browser goes next: Stripe's hosted onboarding. */
export const onboardingLinkSchema = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** Where the buyer pays (Stripe's hosted checkout page). */
export const checkoutLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type CheckoutLink = z.infer<typeof checkoutLinkSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amountMinor: z.number().int(),
  applicationFeeMinor: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const refundSchema = z.object({
  id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  ticketIds: z.array(z.uuid()),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * POST /api/orders/:orderId/refunds. Tickets named are refunded (their seats freed); `amountMinor` is the
 * money given back, by default the price of those tickets. At least one of the two.
 */
export const createRefundBodySchema = z
  .strictObject({
    ticketIds: z.array(z.uuid()).max(100).default([]),
    amountMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR).optional(),
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((body) => body.ticketIds.length > 0 || (body.amountMinor ?? 0) > 0, {
    message: 'Choose tickets to refund or an amount.',
    path: ['amountMinor'],
  });
export type CreateRefundBody = z.input<typeof createRefundBodySchema>;
