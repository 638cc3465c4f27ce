import type { Database } from '@guichet/db/client';
import type { Config } from './config';
import type { LiveBus } from './live/live-bus';
import type { PaymentProvider } from './payment-provider';
import type { RateLimiter } from './plugins/rate-limit';

/** What services need from the outside world; built once in buildApp, passed explicitly (no container). */
export interface AppContext {
  db: Database;
  /**
   * For read-only reports and exports only: the read replica when DATABASE_REPLICA_URL is set (a few
   * seconds behind the primary), else the primary. Checkout, capacity, check-in and anything a user has
   * just written and reads back use `db`.
   */
  reports: Database;
  config: Config;
  limiters: {
    /** Attempts per client IP on sign-in, sign-up and password reset. */
    authPerIp: RateLimiter;
    /** Attempts per account (e-mail) on sign-in and password reset. */
    authPerAccount: RateLimiter;
    /** Public event pages, per client IP. */
    publicReadsPerIp: RateLimiter;
    /** Public order creation, per client IP. */
    publicOrdersPerIp: RateLimiter;
    /** Scans per scanner device in an organisation, counted once the caller is known to be a member. */
    scanPerDevice: RateLimiter;
    /** Typed ticket or order codes that matched nothing, per device and per staff member. */
    scanWrongCodes: RateLimiter;
    /** Calls per API token (decision 034), answered in the `RateLimit` headers of every token call. */
    apiToken: RateLimiter;
  };
  /** Card payments (Stripe); null when no Stripe key is configured. */
  payments: PaymentProvider | null;
  /** "Something changed" news heard by every API process (live screens: headcount, dashboard). */
  live: LiveBus;
  /** Page visits waiting to be written in a batch (the acquisition module's buffer, decision 037). */
  visits: VisitQueue;
  /** Asks the outbox worker to look for work now rather than at its next tick. */
  kickOutbox(): void;
}

/**
 * A page visit as the beacon gave it, waiting to be written: the event by its slugs and the link by its
 * code, resolved when the batch is written. `source`..`referrerHost` are what the visit is when the code
 * names no link of the event; a link found wins, with its own channel and UTM values.
 */
export interface QueuedVisit {
  orgSlug: string;
  eventSlug: string;
  visitorId: string;
  link: string | null;
  source: 'utm' | 'referrer' | 'direct';
  channel: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  occurredAt: string;
}

export interface VisitQueue {
  add(visit: QueuedVisit): void;
  /** Resolves once every visit added before the call is written. */
  flush(): Promise<void>;
}
