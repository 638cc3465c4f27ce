import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type PasswordPolicy, passwordPolicySchema } from '@guichet/shared/password-policy';
import { z } from 'zod';
import { tileUrlProblem } from './tile-url';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const oidcProviderSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes'),
  name: z.string().min(1).max(60),
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The deepest zoom level OpenStreetMap's tiles (and most providers) serve. */
const MAP_MAX_ZOOM = 19;

const envSchema = z.object({
  // Development helpers (CORS for Vite, the mailbox by default) need `development` said explicitly.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // A read replica of DATABASE_URL, for read-only reports and exports only.
  DATABASE_REPLICA_URL: z.string().url().optional(),
  // Rate-limit counters in Redis rather than in the database (both are shared by every process).
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().max(100).default('guichet:'),
  // How long a claimed outbox row is left to its worker before another may deliver it (a killed worker).
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Webhooks (decision 034): how long a receiver may take, and how long a claimed delivery is held. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Lets webhooks reach loopback and private addresses: the tests' and development's local receivers only. */
  WEBHOOKS_ALLOW_PRIVATE: booleanFromEnv.default(false),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Guichet <no-reply@guichet.localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  RESET_CODE_TTL_MINUTES: z.coerce.number().int().min(1).default(15),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).default(6),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(1).optional(),
  PASSWORD_REQUIRE_LOWERCASE: booleanFromEnv.default(false),
  PASSWORD_REQUIRE_UPPERCASE: booleanFromEnv.default(false),
  PASSWORD_REQUIRE_NUMERIC: booleanFromEnv.default(false),
  PASSWORD_REQUIRE_NON_ALPHANUMERIC: booleanFromEnv.default(false),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  DEV_MAILBOX: booleanFromEnv.optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  OIDC_PROVIDERS: z
    .string()
    .transform((value, context) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(oidcProviderSchema)
        .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'ids must be unique'),
    )
    .default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REGISTRATION: z.enum(['open', 'invite-only']).default('open'),
  STORAGE_S3_ENDPOINT: z.string().url().optional(),
  STORAGE_S3_BUCKET: z.string().min(3).max(63).optional(),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  GEOCODER: z.enum(['gazetteer', 'nominatim', 'google']).default('gazetteer'),
  NOMINATIM_URL: z.string().url().optional(),
  GOOGLE_PLACES_KEY: z.string().min(1).optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(50).max(15000).default(2000),
  MAP_TILE_URL: z
    .string()
    .trim()
    .max(2000)
    .superRefine((value, context) => {
      const problem = tileUrlProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  PUBLIC_ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  STRIPE_PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  STRIPE_PLATFORM_FEE_FIXED_MINOR: z.coerce.number().int().min(0).default(0),
  SCAN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SCAN_WRONG_CODES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // The safety net of the live headcount, which hears other processes' scans over LISTEN/NOTIFY.
  HEADCOUNT_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // How often each process looks for changes to the dashboards it streams (its figures move within 2 s).
  DASHBOARD_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Visits of public event pages (decision 022): kept this many days, then purged by a leader-only job.
  VISIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(400),
  // How often the buffered visits are written (at most; a full buffer is written at once).
  VISITS_FLUSH_MS: z.coerce.number().int().min(10).max(10_000).default(1000),
  // `off` only for the visits bench's baseline: the beacon is answered and nothing is recorded.
  VISITS_RECORDING: z.enum(['on', 'off']).default('on'),
  // Mailings leave on their own lane at most this many per minute (across every process).
  MAILING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  resetCodeTtlMinutes: number;
  passwordPolicy: PasswordPolicy;
  rateLimit: { perIp: number; perAccount: number; windowSeconds: number };
  /** Where rate-limit counters live when set; else in the database. */
  redis: { url: string; keyPrefix: string } | null;
  outboxLeaseSeconds: number;
  webhooks: { timeoutMs: number; leaseSeconds: number; allowPrivate: boolean };
  /** A read replica for reports and exports; null: they read the primary. */
  databaseReplicaUrl: string | null;
  devMailbox: boolean;
  seedDemo: boolean;
  webDist: string | undefined;
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  /** Third-party sign-in: OpenID Connect providers, each shown as a button on the sign-in page. */
  oidcProviders: OidcProviderConfig[];
  /** Who may create an account: anyone, or only e-mails with a pending invitation. */
  registration: 'open' | 'invite-only';
  storage: StorageConfig;
  /** Place search: the embedded gazetteer alone, or with an online geocoder. */
  geocoder: GeocoderConfig;
  /** The web app's maps: a tile URL template (null: maps without tiles) and the credit it requires. */
  map: { tileUrl: string | null; attribution: string; maxZoom: number };
  /**
   * Selling: how long a reservation waiting for card payment holds its seats, and the per-IP limits of
   * the public pages (reads) and of order creation, per minute.
   */
  orders: { reservationMinutes: number; publicReadsPerMinute: number; publicOrdersPerMinute: number };
  /** Card payments through Stripe Connect; null without a key (then cards are simply not offered). */
  stripe: StripeConfig | null;
  /**
   * Check-in: scans (redeem and sync requests) per minute and device, and how often each API process
   * recounts the headcount of events someone is watching (so scans made through other processes show).
   */
  scan: { perDevicePerMinute: number; headcountPollMs: number; wrongCodesPerMinute: number };
  dashboard: { pollMs: number };
  /**
   * Visits (decision 037): how many days they are kept, how often the buffered ones are written, and
   * whether they are recorded at all (off only for a bench's baseline).
   */
  visits: { retentionDays: number; flushMs: number; recording: boolean };
  /** Mailings: deliveries per minute on their own lane (decision 029). */
  mailings: { ratePerMinute: number };
  /**
   * Prometheus metrics: on a port of their own, and/or at `/api/metrics` behind a bearer token. Neither
   * set: not exposed at all.
   */
  metrics: { port: number | undefined; token: string | undefined };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, or a compatible server (the tests' fake). */
  apiUrl: string;
  /** The platform's fee on each card payment: basis points of the total plus a fixed amount in minor units. */
  feeBps: number;
  feeFixedMinor: number;
}

export type GeocoderConfig =
  | { kind: 'gazetteer' }
  | { kind: 'nominatim'; url: string; timeoutMs: number }
  | { kind: 'google'; key: string; timeoutMs: number };

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** The only place that reads process.env. Fails fast with every invalid variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database)...
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  // ...except MAP_TILE_URL, where empty means "no tiles" (offline installations, browser tests).
  const noTiles = env.MAP_TILE_URL !== undefined && env.MAP_TILE_URL.trim() === '';
  if (noTiles) delete present.MAP_TILE_URL;
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const policy = passwordPolicySchema.parse({
    minLength: e.PASSWORD_MIN_LENGTH,
    maxLength: e.PASSWORD_MAX_LENGTH,
    requireLowercase: e.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: e.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: e.PASSWORD_REQUIRE_NUMERIC,
    requireNonAlphanumeric: e.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
  });
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    outboxLeaseSeconds: e.OUTBOX_LEASE_SECONDS,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      leaseSeconds: e.WEBHOOK_LEASE_SECONDS,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    },
    databaseReplicaUrl: e.DATABASE_URL ? (e.DATABASE_REPLICA_URL ?? null) : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? persistentSecret(dataDir)),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    resetCodeTtlMinutes: e.RESET_CODE_TTL_MINUTES,
    passwordPolicy: policy,
    rateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    // Without SMTP, mail would otherwise be unreadable: in development and tests the mailbox page shows it
    // unless switched off. It lists every reset code, so production serves it only when asked explicitly
    // (the browser journeys do), and it always answers only direct requests from this machine.
    devMailbox: e.DEV_MAILBOX ?? (!e.SMTP_URL && e.NODE_ENV !== 'production'),
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',').map((origin) => origin.trim())
      : e.NODE_ENV === 'development'
        ? ['http://localhost:5173']
        : [],
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    oidcProviders: e.OIDC_PROVIDERS,
    registration: e.REGISTRATION,
    storage: storageConfig(e, dataDir),
    geocoder: geocoderConfig(e),
    map: {
      tileUrl: noTiles ? null : e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      maxZoom: MAP_MAX_ZOOM,
    },
    orders: {
      reservationMinutes: e.RESERVATION_MINUTES,
      publicReadsPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
      publicOrdersPerMinute: e.PUBLIC_ORDER_RATE_LIMIT_PER_MINUTE,
    },
    stripe: stripeConfig(e),
    scan: {
      perDevicePerMinute: e.SCAN_RATE_LIMIT_PER_MINUTE,
      headcountPollMs: e.HEADCOUNT_POLL_MS,
      wrongCodesPerMinute: e.SCAN_WRONG_CODES_PER_MINUTE,
    },
    dashboard: { pollMs: e.DASHBOARD_POLL_MS },
    visits: {
      retentionDays: e.VISIT_RETENTION_DAYS,
      flushMs: e.VISITS_FLUSH_MS,
      recording: e.VISITS_RECORDING === 'on',
    },
    mailings: { ratePerMinute: e.MAILING_RATE_PER_MINUTE },
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
  };
}

/** Stripe is on with a secret key; its webhooks cannot be trusted without their signing secret. */
function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) return null;
  if (!e.STRIPE_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
    feeBps: e.STRIPE_PLATFORM_FEE_BPS,
    feeFixedMinor: e.STRIPE_PLATFORM_FEE_FIXED_MINOR,
  };
}

/** Local disk under DATA_DIR/files, unless an S3 bucket is configured (then its keys are required). */
function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (!e.STORAGE_S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  if (!e.STORAGE_S3_ACCESS_KEY_ID || !e.STORAGE_S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY are required with STORAGE_S3_BUCKET',
    );
  }
  return {
    kind: 's3',
    endpoint: (e.STORAGE_S3_ENDPOINT ?? `https://s3.${e.STORAGE_S3_REGION}.amazonaws.com`).replace(/\/$/, ''),
    bucket: e.STORAGE_S3_BUCKET,
    region: e.STORAGE_S3_REGION,
    accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY,
  };
}

/** The online geocoder named by GEOCODER, with the setting it cannot work without. */
function geocoderConfig(e: z.infer<typeof envSchema>): GeocoderConfig {
  if (e.GEOCODER === 'nominatim') {
    if (!e.NOMINATIM_URL)
      throw new Error('Invalid configuration:\n  NOMINATIM_URL is required with GEOCODER=nominatim');
    return { kind: 'nominatim', url: e.NOMINATIM_URL, timeoutMs: e.GEOCODER_TIMEOUT_MS };
  }
  if (e.GEOCODER === 'google') {
    if (!e.GOOGLE_PLACES_KEY)
      throw new Error('Invalid configuration:\n  GOOGLE_PLACES_KEY is required with GEOCODER=google');
    return { kind: 'google', key: e.GOOGLE_PLACES_KEY, timeoutMs: e.GEOCODER_TIMEOUT_MS };
  }
  return { kind: 'gazetteer' };
}

/** A signing secret kept in the data directory so sessions survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
