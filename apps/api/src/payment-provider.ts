import Stripe from 'stripe';
import type { StripeConfig } from './config';

/**
 * The payment provider as the rest of the API sees it: a few operations in our own words, so services do
 * not depend on the SDK's shapes. One implementation, Stripe (Connect, direct charges on the organisation's
 * connected account); free and offline payments need no provider.
 */
export interface ConnectedAccount {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface CheckoutSessionInfo {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountTotal: number;
  currency: string;
  paymentIntentId: string | null;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface CheckoutSessionInput {
  lines: { name: string; unitAmountMinor: number; quantity: number }[];
  currency: string;
  applicationFeeMinor: number;
  customerEmail: string;
  reference: string;
  locale: 'en' | 'fr';
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** The connected account the event happened on (direct charges and account updates). */
  account: string | null;
  object: Record<string, unknown>;
}

/** A payout of a connected account, in our words (Stripe's `payout` object). */
export interface ProviderPayout {
  id: string;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrivalDate: Date;
  created: Date;
}

/**
 * One balance transaction inside a payout (Stripe's `balance_transaction`), with what its source points
 * to when the source is a charge or a refund (the payment intent, the refund's id).
 */
export interface ProviderBalanceTransaction {
  id: string;
  type: string;
  reportingCategory: string | null;
  amountMinor: number;
  feeMinor: number;
  /** Stripe's processing fees only (`fee_details` except the platform's `application_fee`). */
  processorFeeMinor: number;
  netMinor: number;
  currency: string;
  sourceId: string | null;
  /** The payment intent of a charge, or of a refunded charge. */
  paymentIntentId: string | null;
  description: string | null;
  created: Date;
}

export interface PaymentProvider {
  createAccount(input: {
    email: string | null;
    name: string;
    organizationId: string;
  }): Promise<ConnectedAccount>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  createCheckoutSession(
    accountId: string,
    input: CheckoutSessionInput,
    idempotencyKey: string,
  ): Promise<CheckoutSessionInfo>;
  retrieveCheckoutSession(accountId: string, sessionId: string): Promise<CheckoutSessionInfo>;
  expireCheckoutSession(accountId: string, sessionId: string): Promise<CheckoutSessionInfo>;
  refund(
    accountId: string,
    input: { paymentIntentId: string; amountMinor: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string; status: string }>;
  /**
   * What the processor kept of a payment, from its charge's balance transaction: every fee but the
   * platform's own (recorded from the application fee). Null while the balance transaction is not there.
   */
  processingFee(
    accountId: string,
    paymentIntentId: string,
  ): Promise<{ feeMinor: number; currency: string; balanceTransactionId: string } | null>;
  /** The account's payouts created at or after `createdSince`, newest first (every page). */
  listPayouts(accountId: string, createdSince: Date): Promise<ProviderPayout[]>;
  retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout>;
  /** Every balance transaction inside a payout, the payout's own included (every page). */
  payoutTransactions(accountId: string, payoutId: string): Promise<ProviderBalanceTransaction[]>;
  /** Checks the signature of a webhook's raw body and parses it; throws when it does not verify. */
  verifyEvent(rawBody: Buffer, signatureHeader: string): ProviderEvent;
}

/** The platform's fee on a card payment: basis points of the total plus a fixed part, never above it. */
export function platformFee(config: Pick<StripeConfig, 'feeBps' | 'feeFixedMinor'>, totalMinor: number) {
  // Integer arithmetic only: bps × total fits far inside 2^53 for any real order.
  const proportional = Math.floor((totalMinor * config.feeBps) / 10_000);
  return Math.min(totalMinor, proportional + config.feeFixedMinor);
}

function accountOf(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    detailsSubmitted: Boolean(account.details_submitted),
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
  };
}

function sessionOf(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid',
    amountTotal: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    expiresAt: new Date(session.expires_at * 1000),
    metadata: { ...(session.metadata ?? {}) },
  };
}

const PAYOUT_STATUSES = new Set(['pending', 'in_transit', 'paid', 'failed', 'canceled']);

/** Stripe's payout object (from the API or a webhook) in our words. */
export function payoutOf(payout: {
  id: string;
  amount: number;
  currency: string;
  status: string;
  arrival_date: number;
  created: number;
}): ProviderPayout {
  return {
    id: payout.id,
    amountMinor: payout.amount,
    currency: payout.currency.toUpperCase(),
    status: (PAYOUT_STATUSES.has(payout.status) ? payout.status : 'pending') as ProviderPayout['status'],
    arrivalDate: new Date(payout.arrival_date * 1000),
    created: new Date(payout.created * 1000),
  };
}

function balanceTransactionOf(transaction: Stripe.BalanceTransaction): ProviderBalanceTransaction {
  const source = transaction.source;
  const sourceObject =
    source && typeof source === 'object' ? (source as unknown as Record<string, unknown>) : null;
  const intent = sourceObject?.payment_intent;
  return {
    id: transaction.id,
    type: transaction.type,
    reportingCategory: transaction.reporting_category ?? null,
    amountMinor: transaction.amount,
    feeMinor: transaction.fee,
    processorFeeMinor: transaction.fee_details
      .filter((detail) => detail.type !== 'application_fee')
      .reduce((sum, detail) => sum + detail.amount, 0),
    netMinor: transaction.net,
    currency: transaction.currency.toUpperCase(),
    sourceId: typeof source === 'string' ? source : ((sourceObject?.id as string | undefined) ?? null),
    paymentIntentId:
      typeof intent === 'string' ? intent : ((intent as { id?: string } | null | undefined)?.id ?? null),
    description: transaction.description ?? null,
    created: new Date(transaction.created * 1000),
  };
}

/** The Stripe SDK pointed at `config.apiUrl` (Stripe itself, or the tests' fake server). */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 10_000,
  });

  return {
    async createAccount(input) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          ...(input.email ? { email: input.email } : {}),
          business_profile: { name: input.name },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { organization_id: input.organizationId },
        },
        // Two clicks at once make one account.
        { idempotencyKey: `account:${input.organizationId}` },
      );
      return accountOf(account);
    },
    async retrieveAccount(accountId) {
      return accountOf(await stripe.accounts.retrieve(accountId));
    },
    async onboardingLink(accountId, urls) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return link.url;
    },
    async createCheckoutSession(accountId, input, idempotencyKey) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: input.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: line.unitAmountMinor,
              product_data: { name: line.name },
            },
          })),
          customer_email: input.customerEmail,
          client_reference_id: input.reference,
          locale: input.locale,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          metadata: input.metadata,
          payment_intent_data: {
            ...(input.applicationFeeMinor > 0 ? { application_fee_amount: input.applicationFeeMinor } : {}),
            metadata: input.metadata,
          },
        },
        { stripeAccount: accountId, idempotencyKey },
      );
      return sessionOf(session);
    },
    async retrieveCheckoutSession(accountId, sessionId) {
      return sessionOf(await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: accountId }));
    },
    async expireCheckoutSession(accountId, sessionId) {
      return sessionOf(await stripe.checkout.sessions.expire(sessionId, {}, { stripeAccount: accountId }));
    },
    async refund(accountId, input, idempotencyKey) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountMinor,
          // The platform gives its fee back in proportion (decision 012).
          refund_application_fee: true,
          metadata: input.metadata,
        },
        { stripeAccount: accountId, idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
    async processingFee(accountId, paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(
        paymentIntentId,
        { expand: ['latest_charge.balance_transaction'] },
        { stripeAccount: accountId },
      );
      const charge = intent.latest_charge;
      if (!charge || typeof charge === 'string') return null;
      const transaction = charge.balance_transaction;
      if (!transaction || typeof transaction === 'string') return null;
      const feeMinor = transaction.fee_details
        .filter((detail) => detail.type !== 'application_fee')
        .reduce((sum, detail) => sum + detail.amount, 0);
      return { feeMinor, currency: transaction.currency.toUpperCase(), balanceTransactionId: transaction.id };
    },
    async listPayouts(accountId, createdSince) {
      const found: ProviderPayout[] = [];
      const pages = stripe.payouts.list(
        { limit: 100, created: { gte: Math.floor(createdSince.getTime() / 1000) } },
        { stripeAccount: accountId },
      );
      // The SDK follows `has_more` with `starting_after` page by page.
      for await (const payout of pages) found.push(payoutOf(payout));
      return found;
    },
    async retrievePayout(accountId, payoutId) {
      return payoutOf(await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId }));
    },
    async payoutTransactions(accountId, payoutId) {
      const found: ProviderBalanceTransaction[] = [];
      const pages = stripe.balanceTransactions.list(
        { payout: payoutId, limit: 100, expand: ['data.source'] },
        { stripeAccount: accountId },
      );
      for await (const transaction of pages) found.push(balanceTransactionOf(transaction));
      return found;
    },
    verifyEvent(rawBody, signatureHeader) {
      const event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      return {
        id: event.id,
        type: event.type,
        account: event.account ?? null,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    },
  };
}
