import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, uniqueEmail } from '../../../test/support/harness';
import { AppError } from '../../errors';
import { MemoryRateLimitStore, RateLimiter } from '../../plugins/rate-limit';

const PER_IP = 4;
const PER_ACCOUNT = 3;
const WINDOW_SECONDS = 120;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
});
afterAll(async () => t.close());

// Each test uses its own addresses, so the per-IP counters of one test never touch another's.
let lastOctet = 0;
const freshIp = () => {
  lastOctet += 1;
  return `10.${Math.floor(lastOctet / 250)}.${lastOctet % 250}.7`;
};

/** Signs up from an address of its own, so sign-ups never count against the limits under test. */
async function register(email = uniqueEmail()) {
  const password = 'correct horse';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, displayName: 'Limited' },
    remoteAddress: freshIp(),
  });
  expect(response.statusCode).toBe(201);
  return { email, password };
}

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });

const requestReset = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });

function expectTooManyAttempts(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body.error.code).toBe('too-many-attempts');
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(body.error.details.retryAfterSeconds).toBe(Number(retryAfter));
}

describe('sign-in limits', () => {
  it('limits attempts per account, whatever the address, even with the right password', async () => {
    const user = await register();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const response = await signIn(user.email, 'wrong password', freshIp());
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-credential');
    }
    expectTooManyAttempts(await signIn(user.email, 'wrong password', freshIp()));
    expectTooManyAttempts(await signIn(user.email.toUpperCase(), user.password, freshIp()));

    // Another account is not affected.
    const other = await register();
    expect((await signIn(other.email, other.password, freshIp())).statusCode).toBe(200);
  });

  it('forgets the account’s failures after a successful sign-in', async () => {
    const user = await register();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) {
      expect((await signIn(user.email, 'wrong password', freshIp())).statusCode).toBe(400);
    }
    expect((await signIn(user.email, user.password, freshIp())).statusCode).toBe(200);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await signIn(user.email, 'wrong password', freshIp())).statusCode).toBe(400);
    }
    expectTooManyAttempts(await signIn(user.email, 'wrong password', freshIp()));
  });

  it('limits attempts per address across different accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      expect((await signIn(uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(400);
    }
    expectTooManyAttempts(await signIn(uniqueEmail('spray'), 'guess', ip));
    // Another address still gets an ordinary answer.
    expect((await signIn(uniqueEmail('spray'), 'guess', freshIp())).statusCode).toBe(400);
  });
});

describe('other limited endpoints', () => {
  it('limits password reset requests per account', async () => {
    const user = await register();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await requestReset(user.email, freshIp())).statusCode).toBe(204);
    }
    expectTooManyAttempts(await requestReset(user.email, freshIp()));
  });

  it('limits password reset requests per address, for unknown e-mails too', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      expect((await requestReset(uniqueEmail('unknown'), ip)).statusCode).toBe(204);
    }
    expectTooManyAttempts(await requestReset(uniqueEmail('unknown'), ip));
  });

  it('limits sign-ups per address', async () => {
    const ip = freshIp();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email: uniqueEmail('bulk'), password: 'x', displayName: 'Bulk' },
        remoteAddress: ip,
      });
    for (let i = 0; i < PER_IP; i++) {
      expect((await attempt()).json().error.code).toBe('password-does-not-meet-requirements');
    }
    expectTooManyAttempts(await attempt());
  });
});

describe('RateLimiter', () => {
  const clock = () => {
    let now = 1_000_000;
    return {
      now: () => now,
      advance: (ms: number) => {
        now += ms;
      },
    };
  };
  const limiterOf = (limit: number, windowMs: number, now: () => number) => {
    const store = new MemoryRateLimitStore(now);
    return { store, limiter: new RateLimiter('test', limit, windowMs, store) };
  };

  const caught = async (hit: Promise<void>): Promise<AppError> => {
    try {
      await hit;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('expected a rate-limit error');
  };

  it('admits `limit` hits per window, then refuses with Retry-After', async () => {
    const time = clock();
    const { limiter } = limiterOf(2, 10_000, time.now);
    await limiter.hit('a');
    time.advance(2_500);
    await limiter.hit('a');
    const error = await caught(limiter.hit('a'));
    expect(error.code).toBe('too-many-attempts');
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '8' });
    expect(error.details).toEqual({ retryAfterSeconds: 8 });
  });

  it('never advertises less than one second', async () => {
    const time = clock();
    const { limiter } = limiterOf(1, 10_000, time.now);
    await limiter.hit('a');
    time.advance(9_999);
    expect((await caught(limiter.hit('a'))).headers['retry-after']).toBe('1');
  });

  it('frees the key when the window expires', async () => {
    const time = clock();
    const { limiter } = limiterOf(1, 10_000, time.now);
    await limiter.hit('a');
    await expect(limiter.hit('a')).rejects.toThrow(AppError);
    time.advance(9_999);
    await expect(limiter.hit('a')).rejects.toThrow(AppError);
    time.advance(1);
    await expect(limiter.hit('a')).resolves.toBeUndefined();
    await expect(limiter.hit('a')).rejects.toThrow(AppError);
  });

  it('counts keys separately and forgets a key on reset', async () => {
    const time = clock();
    const { limiter } = limiterOf(1, 10_000, time.now);
    await limiter.hit('a');
    await expect(limiter.hit('b')).resolves.toBeUndefined();
    await expect(limiter.hit('a')).rejects.toThrow(AppError);
    await limiter.reset('a');
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('sweeps expired windows so memory does not grow without bound', async () => {
    const time = clock();
    const { limiter, store } = limiterOf(5, 1_000, time.now);
    for (let i = 0; i < 100; i++) await limiter.hit(`key-${i}`);
    expect(store.size).toBe(100);
    time.advance(1_000);
    await limiter.hit('fresh');
    expect(store.size).toBe(1);
  });
});
