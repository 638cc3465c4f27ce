import type { Queryable } from '@guichet/db/client';
import type { OnboardingLink, StripeAccountState } from '@guichet/shared/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { ConnectedAccount, PaymentProvider } from '../../payment-provider';
import { recordAudit } from '../audit/audit.service';
import * as repository from './payments.repository';

/** Stripe Connect Express onboarding: one connected account per organisation. */

export const unavailable = () =>
  new AppError('card-payments-unavailable', 'Card payments are not available for this organisation.');

export function providerOf(ctx: AppContext): PaymentProvider {
  if (!ctx.payments) throw unavailable();
  return ctx.payments;
}

/** A Stripe call that failed: the caller sees a 502 with a clear code, the log keeps Stripe's words. */
export function providerError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('payment-provider-error', 'The payment provider did not accept the request.', {
    details: { provider: 'stripe', message },
  });
}

const stateOf = (available: boolean, row: repository.StripeAccountRow | undefined): StripeAccountState => ({
  available,
  connected: Boolean(row),
  accountId: row?.stripeAccountId ?? null,
  detailsSubmitted: row?.detailsSubmitted ?? false,
  chargesEnabled: row?.chargesEnabled ?? false,
  payoutsEnabled: row?.payoutsEnabled ?? false,
});

const links = (ctx: AppContext) => ({
  returnUrl: `${ctx.config.publicUrl}/checkout/account`,
  refreshUrl: `${ctx.config.publicUrl}/checkout/refresh`,
});

/** Whether the organisation can take card payments now (Stripe configured and charges enabled). */
export async function canTakeCards(ctx: AppContext, organizationId: string): Promise<boolean> {
  if (!ctx.payments) return false;
  const row = await repository.findAccount(ctx.db, organizationId);
  return Boolean(row?.chargesEnabled);
}

/** Stores what Stripe says of an account (from a read or an `account.updated` event). */
export async function storeAccountState(db: Queryable, organizationId: string, account: ConnectedAccount) {
  await repository.updateAccountState(db, organizationId, {
    detailsSubmitted: account.detailsSubmitted,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
  });
}

/**
 * The account's state as Stripe has it now: read from Stripe (the return page must not show a stale
 * state) and stored. Without Stripe configured, or before onboarding, it says so.
 */
export async function accountState(ctx: AppContext, organizationId: string): Promise<StripeAccountState> {
  const row = await repository.findAccount(ctx.db, organizationId);
  if (!ctx.payments || !row) return stateOf(Boolean(ctx.payments), row);
  let account: ConnectedAccount;
  try {
    account = await ctx.payments.retrieveAccount(row.stripeAccountId);
  } catch (error) {
    throw providerError(error);
  }
  await storeAccountState(ctx.db, organizationId, account);
  return stateOf(true, await repository.findAccount(ctx.db, organizationId));
}

/** Starts (or continues) onboarding: creates the organisation's Express account once, then a fresh link. */
export async function startOnboarding(
  ctx: AppContext,
  organizationId: string,
  actor: string,
): Promise<OnboardingLink> {
  const provider = providerOf(ctx);
  let row = await repository.findAccount(ctx.db, organizationId);
  if (!row) {
    const organization = await repository.organizationContact(ctx.db, organizationId);
    let created: ConnectedAccount;
    try {
      created = await provider.createAccount({
        organizationId,
        name: organization?.name ?? 'Organisation',
        email: organization?.email ?? null,
      });
    } catch (error) {
      throw providerError(error);
    }
    row = await repository.saveAccount(ctx.db, organizationId, created.id);
    await recordAudit(ctx.db, {
      organizationId,
      actorStaffId: actor,
      action: 'payments.stripe-account-created',
      targetType: 'organization',
      targetId: organizationId,
      after: { accountId: row?.stripeAccountId ?? created.id },
    });
  }
  return refreshOnboardingLink(ctx, organizationId);
}

/** A fresh onboarding link for the organisation's existing account (links are single use and short lived). */
export async function refreshOnboardingLink(
  ctx: AppContext,
  organizationId: string,
): Promise<OnboardingLink> {
  const provider = providerOf(ctx);
  const row = await repository.findAccount(ctx.db, organizationId);
  if (!row) throw new AppError('payment-account-missing', 'Start Stripe onboarding from the settings first.');
  try {
    return { url: await provider.onboardingLink(row.stripeAccountId, links(ctx)) };
  } catch (error) {
    throw providerError(error);
  }
}
