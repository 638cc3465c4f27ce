/**
 * The Stripe account's strings (/checkout/account, /checkout/refresh and the settings' payments section),
 * loaded only with those pages, so the back office's shell does not carry them (it has a size budget).
 */
import { enFinanceReports } from './en-finance-reports';
import { enFinances } from './en-finances';
import { enPayouts } from './en-payouts';

export const enPayments = {
  // The finances page (/finances) shares this part: its strings are in their own file.
  ...enFinances,
  ...enFinanceReports,
  ...enPayouts,
  stripe: {
    settings: {
      title: 'Payment providers',
      body: 'Free and offline orders (pay at the door, bank transfer) need no setup. Card payments go through Stripe, on your organisation’s own Stripe account.',
      unavailable: 'Card payments are not configured on this server.',
      notConnected: 'Stripe is not connected yet.',
      connect: 'Connect Stripe',
      continue: 'Continue Stripe onboarding',
      status: 'See the Stripe account',
      ready: 'Buyers can pay by card.',
    },
    accountTitle: 'Stripe account',
    intro: 'The state of your organisation’s Stripe account, as Stripe reports it now.',
    loading: 'Loading the Stripe account',
    account: 'Account',
    detailsSubmitted: 'Details submitted',
    chargesEnabled: 'Card payments enabled',
    payoutsEnabled: 'Payouts enabled',
    yes: 'Yes',
    no: 'Not yet',
    ready: 'Buyers can pay by card on your events’ pages.',
    incomplete: 'Stripe still needs information before buyers can pay by card.',
    notConnected: 'Your organisation has not connected Stripe yet.',
    unavailable: 'Card payments are not configured on this server.',
    continue: 'Continue onboarding',
    connect: 'Connect Stripe',
    back: 'Back to the settings',
    refreshTitle: 'A new Stripe link',
    refreshing: 'Asking Stripe for a fresh onboarding link…',
    notConfiguredTitle: 'Card payments are not set up on this server',
    notConfigured:
      'Whoever runs this Guichet server must set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (see docs/operations.md) before organisations can connect Stripe.',
    refreshFailed: 'No new link could be made.',
    retry: 'Try again',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language must fill completely for the Stripe account pages. */
export type PaymentsTranslation = DeepStrings<typeof enPayments>;

export default enPayments;
