import type { AuthSession } from '@guichet/shared/auth';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Mailer } from '../../src/jobs/mailer';
import type { OutgoingMail } from '../../src/modules/mail/mail.repository';
import { openTestDatabase } from './database';

export interface TestContext {
  app: App;
  /** Mail captured by the in-memory mailer (unless a real SMTP mailer was configured). */
  mails: OutgoingMail[];
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database. `env` overrides configuration variables. Mail goes to an
 * in-memory mailer unless `options.mailer` is given; `'smtp'` lets the app build its SMTP mailer from
 * `SMTP_URL`, as in production. `options.onRoute` sees every route as it is registered.
 * `options.databaseServer` is the PostgreSQL server URL to make the database on, in place of
 * TEST_DATABASE_URL's.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer | null | 'smtp';
    onRoute?: (route: RouteOptions) => void;
    databaseServer?: string;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(options.databaseServer);
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/tmp/guichet-test-unused',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:4000',
    // The webhook tests' receivers listen on 127.0.0.1; one test turns this off to see the refusal.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...env,
  });
  const mails: OutgoingMail[] = [];
  const mailer: Mailer | null | undefined =
    options.mailer === 'smtp'
      ? undefined
      : options.mailer !== undefined
        ? options.mailer
        : { send: async (message) => void mails.push(message) };
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    startWorker: false,
    logger: false,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    mails,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** A unique e-mail per call, so tests never collide within a file. */
export function uniqueEmail(prefix = 'staff'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface SignedUp extends AuthSession {
  email: string;
  password: string;
  refreshCookie: string;
}

export function refreshCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((entry) => entry.name === 'guichet_refresh');
  if (!cookie) throw new Error(`no refresh cookie in response ${response.statusCode}: ${response.body}`);
  return cookie.value;
}

/** Registers a staff member through the API, as a user would. */
export async function signUp(
  app: App,
  overrides: Partial<{ email: string; password: string; displayName: string }> = {},
) {
  const body = { email: uniqueEmail(), password: 'correct horse', displayName: 'Test Staff', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const session = response.json<AuthSession>();
  return {
    ...session,
    email: body.email,
    password: body.password,
    refreshCookie: refreshCookieOf(response),
  } satisfies SignedUp;
}

/** Creates an organisation as `token`'s staff member (who then holds ALL in it). */
export async function createOrganization(app: App, token: string, name = 'Test Organisation') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { authorization: `Bearer ${token}` },
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`create organisation failed: ${response.body}`);
  return response.json<{ id: string; name: string; slug: string }>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
