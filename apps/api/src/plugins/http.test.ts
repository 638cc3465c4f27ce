import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/support/database';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = directives(response);
  expect(csp.get('script-src')).toContain("'self'");
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are sent on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(directives(response).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('are sent on error answers', async () => {
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/nowhere' }));
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/staffs/me' }));
  });

  it('are sent on the API documentation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
    expectSecurityHeaders(response);
    // The CSP forbids inline scripts, so the page must load all of its scripts from our origin.
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/api\/docs\//);
      expect(content?.trim()).toBe('');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
  });
});

describe('OpenAPI', () => {
  const expected: [string, string][] = [
    ['get', '/api/health'],
    ['get', '/api/ready'],
    ['get', '/api/auth/password-policy'],
    ['post', '/api/auth/sign-up'],
    ['post', '/api/auth/sign-in'],
    ['post', '/api/auth/token'],
    ['post', '/api/auth/sign-out'],
    ['post', '/api/auth/password-reset'],
    ['post', '/api/auth/password-reset/confirm'],
    ['post', '/api/auth/password'],
    ['delete', '/api/auth/account'],
    ['get', '/api/staffs/me'],
    ['patch', '/api/staffs/me'],
    ['post', '/api/organizations'],
    ['get', '/api/organizations/current'],
    ['get', '/api/places'],
    ['get', '/api/map/config'],
    // Teams (modules/teams/teams.routes.ts).
    ['get', '/api/teams/members'],
    ['get', '/api/teams/members/{staffId}'],
    ['patch', '/api/teams/members/{staffId}'],
    ['delete', '/api/teams/members/{staffId}'],
    ['get', '/api/teams/invitations'],
    ['post', '/api/teams/invitations'],
    ['post', '/api/teams/invitations/{id}/resend'],
    ['delete', '/api/teams/invitations/{id}'],
    ['get', '/api/invitations/{token}'],
    ['post', '/api/invitations/{token}/accept'],
    // Sign-in options (modules/auth/sign-in-options.routes.ts).
    ['post', '/api/auth/email-link'],
    ['post', '/api/auth/email-link/confirm'],
    ['get', '/api/auth/providers'],
    ['get', '/api/auth/oidc/{provider}/start'],
    ['get', '/api/auth/oidc/{provider}/callback'],
    ['get', '/api/auth/identities'],
    ['delete', '/api/auth/identities/{id}'],
    ['get', '/api/auth/two-factor'],
    ['post', '/api/auth/two-factor/setup'],
    ['post', '/api/auth/two-factor/enable'],
    ['post', '/api/auth/two-factor/disable'],
    ['post', '/api/auth/two-factor/verify'],
    ['get', '/api/auth/sessions'],
    ['delete', '/api/auth/sessions'],
    ['delete', '/api/auth/sessions/{id}'],
    ['get', '/api/settings/overview'],
    ['get', '/api/settings/company'],
    ['patch', '/api/settings/company'],
    ['put', '/api/settings/company/logo'],
    ['delete', '/api/settings/company/logo'],
    ['get', '/api/settings/security'],
    ['patch', '/api/settings/security'],
    ['get', '/api/files/{id}'],
    ['get', '/api/events'],
    ['post', '/api/events'],
    ['get', '/api/events/{id}'],
    ['patch', '/api/events/{id}'],
    ['post', '/api/events/{id}/publish'],
    ['post', '/api/events/{id}/unpublish'],
    ['post', '/api/events/{id}/archive'],
    ['post', '/api/events/{id}/cancel'],
    ['post', '/api/events/{id}/duplicate'],
    ['post', '/api/events/{id}/ticket-types'],
    ['put', '/api/events/{id}/ticket-types/order'],
    ['patch', '/api/events/{id}/ticket-types/{ticketTypeId}'],
    ['delete', '/api/events/{id}/ticket-types/{ticketTypeId}'],
    ['post', '/api/events/{id}/capacity-pools'],
    ['patch', '/api/events/{id}/capacity-pools/{poolId}'],
    ['delete', '/api/events/{id}/capacity-pools/{poolId}'],
    ['post', '/api/events/covers'],
    ['get', '/api/events/{id}/orders'],
    ['post', '/api/events/{id}/orders'],
    ['get', '/api/orders/{orderId}'],
    ['post', '/api/orders/{orderId}/mark-paid'],
    ['post', '/api/orders/{orderId}/cancel'],
    ['post', '/api/orders/{orderId}/resend'],
    ['patch', '/api/orders/{orderId}/tickets/{ticketId}'],
    ['get', '/api/public/events/{orgSlug}/{eventSlug}'],
    ['get', '/api/public/events/{orgSlug}/{eventSlug}/cover'],
    ['post', '/api/public/events/{orgSlug}/{eventSlug}/orders'],
    ['get', '/api/public/orders/{code}'],
    // Payments (modules/payments/payments.routes.ts).
    ['get', '/api/payments/stripe/account'],
    ['post', '/api/payments/stripe/onboarding'],
    ['post', '/api/payments/stripe/onboarding/refresh'],
    ['post', '/api/orders/{orderId}/refunds'],
    ['post', '/api/public/orders/{code}/checkout'],
    ['post', '/api/payments/stripe/webhook'],
    // Ticket delivery (modules/delivery).
    ['get', '/api/orders/{orderId}/emails'],
    ['get', '/api/public/orders/{code}/tickets.pdf'],
    ['get', '/api/public/orders/{code}/calendar.ics'],
    // Check-in (modules/scan).
    ['get', '/api/events/{id}/checkin-lists'],
    ['post', '/api/events/{id}/checkin-lists'],
    ['patch', '/api/checkin-lists/{listId}'],
    ['delete', '/api/checkin-lists/{listId}'],
    ['get', '/api/scan/organizations'],
    ['get', '/api/scan/events'],
    ['get', '/api/scan/snapshot'],
    ['post', '/api/scan/redeem'],
    ['post', '/api/scan/sync'],
    ['get', '/api/scan/door-orders/{code}'],
    ['post', '/api/scan/door-orders/{code}/pay'],
    ['post', '/api/scan/checkins/{checkinId}/undo'],
    ['get', '/api/events/{id}/checkins'],
    ['get', '/api/events/{id}/checkin-attendees'],
    ['get', '/api/events/{id}/checkin-conflicts'],
    ['post', '/api/checkin-conflicts/{conflictId}/resolve'],
    ['get', '/api/events/{id}/headcount'],
    ['get', '/api/events/{id}/headcount/stream'],
    ['get', '/api/customers'],
    ['get', '/api/customers/export'],
    ['post', '/api/customers/tags'],
    ['get', '/api/customers/events'],
    ['get', '/api/customers/{customerId}'],
    ['patch', '/api/customers/{customerId}'],
    ['post', '/api/customers/{customerId}/notes'],
    ['post', '/api/customers/{customerId}/consents'],
    ['get', '/api/member-lists'],
    ['post', '/api/member-lists'],
    ['patch', '/api/member-lists/{listId}'],
    ['get', '/api/member-lists/{listId}/members'],
    ['post', '/api/member-lists/{listId}/members'],
    ['delete', '/api/member-lists/{listId}/members/{customerId}'],
    ['get', '/api/member-lists/{listId}/history'],
    ['get', '/api/customers/{customerId}/merges'],
    ['post', '/api/customers/{customerId}/merges'],
    ['delete', '/api/customers/{customerId}/merges/{mergedId}'],
    ['get', '/api/customers/{customerId}/export'],
    ['post', '/api/customers/{customerId}/erase'],
    ['post', '/api/customer-imports'],
    ['get', '/api/customer-imports/{importId}'],
    // Served because no SMTP server is configured in tests (DEV_MAILBOX defaults on).
    ['get', '/api/dev/mailbox'],
    ['get', '/api/dev/mailbox/{id}/attachments/{index}'],
    // Acquisition.
    ['get', '/api/acquisition/events'],
    ['get', '/api/acquisition/funnel'],
    ['get', '/api/acquisition/funnel.csv'],
    ['get', '/api/acquisition/links'],
    ['post', '/api/acquisition/links'],
    ['delete', '/api/acquisition/links/{linkId}'],
    ['get', '/api/acquisition/links/{linkId}'],
    ['patch', '/api/acquisition/links/{linkId}'],
    ['get', '/api/acquisition/settings'],
    ['put', '/api/acquisition/settings'],
    ['post', '/api/public/visits'],
    // The dashboard.
    ['get', '/api/dashboard/attention'],
    ['get', '/api/dashboard/events'],
    ['get', '/api/dashboard/figures'],
    ['get', '/api/dashboard/stream'],
    // Finances.
    ['get', '/api/finances/documents'],
    ['get', '/api/finances/entries'],
    ['get', '/api/finances/journal.csv'],
    ['get', '/api/finances/orders/{orderId}'],
    ['post', '/api/finances/orders/{orderId}/documents'],
    ['get', '/api/finances/summary'],
    // Member lists gating ticket types.
    ['get', '/api/events/member-lists'],
    ['post', '/api/public/events/{orgSlug}/{eventSlug}/member-codes'],
    // VAT, documents and the accountant's reports.
    ['get', '/api/finances/vat-settings'],
    ['put', '/api/finances/vat-settings'],
    ['get', '/api/finances/vat'],
    ['get', '/api/finances/vat.csv'],
    ['get', '/api/finances/cash-up'],
    ['get', '/api/finances/cash-up.csv'],
    ['get', '/api/finances/orders.csv'],
    ['get', '/api/finances/documents/{documentId}/pdf'],
    ['post', '/api/public/orders/{code}/invoice'],
    ['get', '/api/public/orders/{code}/receipt.pdf'],
    ['get', '/api/public/orders/{code}/invoice.pdf'],
    // Integrations (decision 034).
    ['get', '/api/integrations/tokens'],
    ['post', '/api/integrations/tokens'],
    ['delete', '/api/integrations/tokens/{id}'],
    ['get', '/api/integrations/webhooks'],
    ['post', '/api/integrations/webhooks'],
    ['patch', '/api/integrations/webhooks/{id}'],
    ['delete', '/api/integrations/webhooks/{id}'],
    ['post', '/api/integrations/webhooks/{id}/secret'],
    ['post', '/api/integrations/webhooks/{id}/test'],
    ['get', '/api/integrations/webhooks/{id}/deliveries'],
    ['post', '/api/integrations/webhook-deliveries/{deliveryId}/replay'],
    // Mailings (decision 029).
    ['get', '/api/mailings'],
    ['post', '/api/mailings'],
    ['get', '/api/mailings/{mailingId}'],
    ['patch', '/api/mailings/{mailingId}'],
    ['post', '/api/mailings/{mailingId}/{action}'],
    ['get', '/api/mailings/{mailingId}/preview'],
    ['post', '/api/mailings/{mailingId}/test'],
    ['get', '/api/mailings/{mailingId}/recipients'],
    ['get', '/api/public/unsubscribe'],
    ['post', '/api/public/unsubscribe'],
    ['get', '/api/finances/payouts'],
    ['get', '/api/finances/payouts/{payoutId}'],
    ['post', '/api/finances/payouts/transactions/{transactionId}/match'],
    ['post', '/api/finances/adjustments'],
    ['get', '/api/finances/closing'],
    ['post', '/api/finances/closing'],
    ['get', '/api/finances/account-codes'],
    ['put', '/api/finances/account-codes'],
    // Mail about new orders (a profile setting).
    ['get', '/api/staffs/me/order-alerts'],
    ['put', '/api/staffs/me/order-alerts'],
    // An event's attendees and check-ins as CSV.
    ['get', '/api/events/{id}/attendees.csv'],
    ['get', '/api/events/{id}/checkins.csv'],
  ];

  it('serves a valid OpenAPI 3 document listing every API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info).toMatchObject({ title: 'Guichet API', version: expect.any(String) });
    expect(document.components.securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });

    const listed: [string, string][] = [];
    for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const method of Object.keys(item)) listed.push([method, path]);
    }
    expect(listed.sort()).toEqual([...expected].sort());

    for (const [method, path] of listed) {
      // Every documented route exists and every operation documents its answers.
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: route })).toBe(true);
      const operation = document.paths[path][method];
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      for (const answer of Object.values<{ description?: string }>(operation.responses)) {
        expect(typeof answer.description).toBe('string');
      }
    }
  });

  it('documents bodies from the same zod schemas that validate them', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const signIn = document.paths['/api/auth/sign-in'].post;
    const schema = signIn.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    const current = document.paths['/api/organizations/current'].get;
    expect(current.security).toEqual([{ bearer: [] }]);
    expect(current.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'x-organization-id' })]),
    );
  });
});

describe('request errors', () => {
  it('answers 413 payload-too-large above 64 KiB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'big@example.com', password: 'x'.repeat(65 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload-too-large');
  });

  it('accepts a body just under the limit as far as the schema goes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'big@example.com', password: 'x'.repeat(60 * 1024) },
    });
    // Read and validated (the password exceeds the schema's 1024 characters), not refused for size.
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
  });

  it('answers 400 argument-error for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
  });

  it('answers 400 argument-error for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('argument-error');
  });

  it('answers 400 argument-error naming unknown fields (strict schemas)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'a@example.com', password: 'whatever', admin: true },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('argument-error');
    expect(error.details).toEqual([{ path: 'body', message: expect.stringContaining('admin') }]);
  });

  it.each([
    ['GET', '/api/nowhere'],
    ['POST', '/api/auth/nowhere'],
    ['GET', '/api'],
    ['DELETE', '/api/staffs/me'],
  ] as const)('answers 404 route-not-found for %s %s', async (method, url) => {
    const response = await t.app.inject({ method, url: `${url}?secret=1` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'route-not-found', message: `No route for ${method} ${url}` },
    });
  });
});

describe('an app with production settings', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const config = loadConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: '/tmp/guichet-test-unused',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    });
    app = await buildApp({ config, db: database.db, mailer: null, startWorker: false, logger: false });
    app.get('/api/test/throws', async () => {
      throw new Error('boom: select password_hash from staff where id = $1');
    });
    app.get('/api/test/sql', async () => {
      await database.db.execute(sql`select secret_column from no_such_table`);
      return { ok: true };
    });
    app.get('/api/test/status-500', async () => {
      throw Object.assign(new Error('upstream said: connection string postgres://user:pw@db'), {
        statusCode: 502,
      });
    });
    app.get(
      '/api/test/bad-response',
      { schema: { response: { 200: z.object({ id: z.uuid() }) } } },
      async () => ({ id: 'not-a-uuid', internal: 'secret' }) as unknown as { id: string },
    );
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());

  it.each(['/api/test/throws', '/api/test/sql', '/api/test/status-500', '/api/test/bad-response'])(
    '%s answers 500 internal-error without a stack or SQL',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      // The request's id, and nothing else, leads to what happened: it is in the log lines.
      expect(response.json()).toEqual({
        error: {
          code: 'internal-error',
          message: 'Something went wrong on our side.',
          requestId: response.headers['x-request-id'],
        },
      });
      for (const leak of ['boom', 'select', 'no_such_table', 'secret', 'postgres://', 'at ', '.ts']) {
        expect(response.body).not.toContain(leak);
      }
      expectSecurityHeaders(response);
    },
  );

  it('does not serve the development mailbox without being asked to', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('route-not-found');
    // The page's path is left to the web app (its 404 screen) when a build is present.
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect([200, 404]).toContain(page.statusCode);
    expect(page.body).not.toContain('Development mailbox');
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/api/dev/mailbox');
  });
});
