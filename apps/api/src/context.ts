import type { Database } from '@guichet/db/client';
import type { Config } from './config';
import type { LiveBus } from './live/live-bus';
import type { VisitBuffer } from './modules/acquisition/visit-buffer';
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
  /** Page visits waiting to be written in a batch (decision 037). */
  visits: VisitBuffer;
  /** Asks the outbox worker to look for work now rather than at its next tick. */
  kickOutbox(): void;
}
