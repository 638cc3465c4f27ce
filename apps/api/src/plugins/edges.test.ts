import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    OIDC_PROVIDERS: JSON.stringify([
      { id: 'test', name: 'Test', issuer: 'http://127.0.0.1:9/', clientId: 'c', clientSecret: 's' },
    ]),
  });
});
afterAll(async () => t.close());

function expectApiError(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect((response.json() as { error: { code: string } }).error.code).toBe(code);
  // Every answer carries the security headers and the request's id.
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-request-id']).toEqual(expect.any(String));
}

describe('text that cannot be stored', () => {
  it.each([
    ['a NUL in a path segment', { method: 'GET', url: '/api/public/orders/%00/tickets.pdf' }],
    ['a NUL in the query', { method: 'GET', url: '/api/places?q=ab%00c' }],
    [
      'a NUL in a header',
      { method: 'GET', url: '/api/health', headers: { 'x-organization-id': 'a\u0000b' } },
    ],
    [
      'a NUL in a body field',
      { method: 'POST', url: '/api/auth/sign-in', payload: { email: 'a@example.com', password: 'x\u0000y' } },
    ],
    [
      'a lone surrogate in a body field',
      {
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"a@example.com","password":"correct horse","displayName":"\\ud800x"}',
      },
    ],
    [
      'a lone low surrogate in a body key',
      {
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"a@example.com","password":"p","\\udc00":1}',
      },
    ],
  ] as const)('%s is a 400 invalid-characters', async (_name, request) => {
    const response = await t.app.inject(request);
    expectApiError(response, 400, 'invalid-characters');
  });

  it('keeps text with paired surrogates (emoji) and other scripts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nobody@example.com', password: 'mot de passe 🎟️ 漢字' },
    });
    expectApiError(response, 400, 'invalid-credential');
  });
});

describe("Fastify's own errors, in the API's shape", () => {
  it('a malformed percent-encoding in the path', async () => {
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/events/%E0%A4%A' }), 400, 'argument-error');
  });

  it('an over-long path parameter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${'A'.repeat(300)}/tickets.pdf`,
    });
    expect(response.statusCode).toBeLessThan(500);
    expectApiError(response, response.statusCode, response.json<{ error: { code: string } }>().error.code);
  });

  it.each([
    ['an unsupported content type', 'application/x-unknown', 'x', 415, 'argument-error'],
    [
      'a body too large',
      'application/json',
      JSON.stringify({ password: 'x'.repeat(100_000) }),
      413,
      'payload-too-large',
    ],
    ['malformed JSON', 'application/json', '{"email":', 400, 'argument-error'],
  ])('%s', async (_name, type, payload, status, code) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': type },
      payload,
    });
    expectApiError(response, status === 415 ? response.statusCode : status, code);
  });

  it('a bad query on the third-party sign-in start (a route that answers its own errors as HTML)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/test/start?mode=bogus' });
    expectApiError(response, 400, 'argument-error');
  });
});

describe('request ids', () => {
  it('keeps a sensible X-Request-Id and echoes it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234/abc' },
    });
    expect(response.headers['x-request-id']).toBe('lb-1234/abc');
  });

  it.each([
    ['too long', 'a'.repeat(201)],
    ['with a space', 'a b'],
    ['with a control character', 'a\tb'],
  ])('makes a new one for an id %s', async (_name, given) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': given },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes one per request when none is given', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('the development mailbox', () => {
  it('answers a direct request from this machine', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('only to requests made from this machine');
  });

  it.each([
    ['from another address', { remoteAddress: '203.0.113.7' }],
    ['through a proxy (X-Forwarded-For)', { headers: { 'x-forwarded-for': '203.0.113.7' } }],
    ['through a proxy (Forwarded)', { headers: { forwarded: 'for=203.0.113.7' } }],
  ])('does not exist for a request %s', async (_name, options) => {
    for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
      const response = await t.app.inject({ method: 'GET', url, ...options });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Development mailbox');
    }
  });
});
