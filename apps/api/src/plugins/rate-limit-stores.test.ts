import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, uniqueEmail } from '../../test/support/harness';
import { anotherInstance, issue, newDoor, scan, TEST_ENV } from '../../test/support/scan';
import { orgHeaders } from '../../test/support/teams';
import type { App } from '../app';
import { RateLimiter, type RateLimitStore } from './rate-limit';
import { DatabaseRateLimitStore } from './rate-limit.repository';
import { RedisRateLimitStore } from './rate-limit-redis';

// The counters every API process shares: in the database by default, in Redis when REDIS_URL is set
// (tested when TEST_REDIS_URL names a server: `.ci/run` starts the machine's Redis and sets it).

const redisUrl = process.env.TEST_REDIS_URL || '';
const PER_IP = 4;

const signIn = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: uniqueEmail('spray'), password: 'guess' },
    remoteAddress,
  });

/** Hits counted through two API instances on one database: one window between them. */
async function expectSharedAcrossProcesses(t: TestContext) {
  const other = await anotherInstance(t.app);
  try {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP; i++) statuses.push((await signIn(i % 2 ? other : t.app, ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400]);
    const refused = await signIn(other, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-policy']).toBe(`"auth-ip";q=${PER_IP};w=900`);
    expect(refused.headers.ratelimit).toMatch(/^"auth-ip";r=0;t=\d+/);
    expect((await signIn(t.app, ip)).statusCode).toBe(429);
  } finally {
    await other.close();
  }
}

/** `limit` admitted out of `attempts` simultaneous hits: no hit lost between concurrent callers. */
async function expectExactUnderConcurrency(store: RateLimitStore) {
  const limiter = new RateLimiter(`burst-${randomUUID()}`, 10, 60_000, store);
  const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.hit('one-key')));
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
}

describe('rate limits in the database (the default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ...TEST_ENV, AUTH_RATE_LIMIT_PER_IP: String(PER_IP) });
  });
  afterAll(async () => t.close());

  it('are shared by every process on the database', async () => {
    await expectSharedAcrossProcesses(t);
  });

  it('lose no hit under concurrency and start again when the window ends', async () => {
    const store = new DatabaseRateLimitStore(t.app.ctx.db);
    await expectExactUnderConcurrency(store);
    const key = `short-${randomUUID()}`;
    expect((await store.hit(key, 300)).hits).toBe(1);
    expect((await store.hit(key, 300)).hits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const fresh = await store.hit(key, 300);
    expect(fresh.hits).toBe(1);
    expect(fresh.resetInMs).toBeGreaterThan(0);
    expect(fresh.resetInMs).toBeLessThanOrEqual(300);
  });

  it('send RateLimit and RateLimit-Policy on a limited route that admits', async () => {
    const response = await signIn(t.app, '10.8.0.1');
    expect(response.statusCode).toBe(400);
    // Per address and per account: both limits are stated.
    expect(response.headers['ratelimit-policy']).toMatch(
      new RegExp(`^"auth-ip";q=${PER_IP};w=900, "auth-account";q=\\d+;w=900$`),
    );
    expect(response.headers.ratelimit).toMatch(/^"auth-ip";r=3;t=\d+, "auth-account";r=\d+;t=\d+$/);
    const unlimited = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(unlimited.headers['ratelimit-policy']).toBeUndefined();
  });
});

describe('the scanner’s per-device limit counts only members', () => {
  it('calls with another organisation’s id never use up its device’s limit', async () => {
    const limited = await createTestApp({ ...TEST_ENV, SCAN_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const door = await newDoor(limited.app);
      const [ticket] = await issue(door.shop);
      const outsider = await signUp(limited.app, { displayName: 'Oscar Outsider' });
      const body = scan(ticket!.secret, [door.list.id], { deviceId: 'gate-1' });
      for (let i = 0; i < 12; i++) {
        const foreign = await limited.app.inject({
          method: 'POST',
          url: '/api/scan/redeem',
          headers: orgHeaders(outsider.accessToken, door.shop.organizationId),
          payload: { ...body, nonce: randomUUID() },
        });
        expect(foreign.statusCode).toBe(403);
        expect(foreign.headers['ratelimit-policy']).toBeUndefined();
      }
      const real = await door.shop.call('POST', '/api/scan/redeem', { ...body, nonce: randomUUID() });
      expect(real.statusCode, real.body).toBe(200);
      expect(real.headers['ratelimit-policy']).toBe('"scan-device";q=5;w=60');
      expect(real.headers.ratelimit).toMatch(/^"scan-device";r=4;t=\d+$/);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe.skipIf(!redisUrl)('rate limits in Redis (REDIS_URL)', () => {
  let t: TestContext;
  const prefix = `guichet-test:${randomUUID()}:`;
  beforeAll(async () => {
    t = await createTestApp({
      ...TEST_ENV,
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
    });
  });
  afterAll(async () => t.close());

  it('are shared by every process on the server', async () => {
    await expectSharedAcrossProcesses(t);
  });

  it('lose no hit under concurrency and start again when the window ends', async () => {
    const store = new RedisRateLimitStore(redisUrl, prefix);
    try {
      await expectExactUnderConcurrency(store);
      const key = `short-${randomUUID()}`;
      expect((await store.hit(key, 300)).hits).toBe(1);
      expect((await store.hit(key, 300)).hits).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await store.hit(key, 300)).hits).toBe(1);
      await store.reset(key);
      expect((await store.hit(key, 300)).hits).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('leave the database’s counters alone', async () => {
    await signIn(t.app, '10.7.0.1');
    const rows = await new DatabaseRateLimitStore(t.app.ctx.db).hit('auth-ip:10.7.0.1', 60_000);
    expect(rows.hits).toBe(1);
  });
});
