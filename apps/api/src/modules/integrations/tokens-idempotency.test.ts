import { apiTokens, idempotentAnswers } from '@guichet/db/schema/integrations';
import type { CreatedApiToken } from '@guichet/shared/integrations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newTeam, orgHeaders, type Team } from '../../../test/support/teams';
import { hashedIdempotencyKey, openAnswer, sealAnswer } from '../../plugins/idempotency-sealing';

/** `Idempotency-Key` on API token creation (decision 034): the answer holds the secret, kept sealed. */
let t: TestContext;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await newTeam(t.app, 'Keyed Tokens Org');
});
afterAll(async () => t?.close());

const asAdmin = (of: Team = team) => orgHeaders(of.admin.accessToken, of.organizationId);

function createToken(headers: Record<string, string>, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/integrations/tokens',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function tokensNamed(organizationId: string, name: string): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.organizationId, organizationId), eq(apiTokens.name, name)));
  return rows.length;
}

async function storedRow(organizationId: string, key: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(idempotentAnswers)
    .where(
      and(
        eq(idempotentAnswers.organizationId, organizationId),
        eq(idempotentAnswers.key, hashedIdempotencyKey(key)),
      ),
    );
  return row;
}

const uniqueName = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

describe('Idempotency-Key on API token creation', () => {
  it('makes one token for the same POST twice and answers the same secret again, replayed', async () => {
    const body = { name: uniqueName('CRM'), permissions: ['EVENT'] };
    const key = crypto.randomUUID();
    const first = await createToken(asAdmin(), body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createToken(asAdmin(), body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.body).toBe(first.body);
    expect(await tokensNamed(team.organizationId, body.name)).toBe(1);
    // The replayed secret is the live token's.
    const { secret } = again.json<CreatedApiToken>();
    const used = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(used.statusCode).toBe(200);
  });

  it('keeps the answer sealed: neither the secret nor the key is in the row in clear', async () => {
    const key = crypto.randomUUID();
    const created = await createToken(asAdmin(), { name: uniqueName('Sealed'), permissions: ['EVENT'] }, key);
    expect(created.statusCode).toBe(201);
    const { secret, token } = created.json<CreatedApiToken>();
    const row = await storedRow(team.organizationId, key);
    if (!row?.responseBody) throw new Error('no stored answer');
    const everything = JSON.stringify(row);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice(4, 20));
    expect(everything).not.toContain(Buffer.from(secret).toString('base64'));
    expect(everything).not.toContain(token.id);
    expect(everything).not.toContain(key);
    expect(row.responseBody).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // Only the server's secret with the key as sent opens it.
    const context = { organizationId: team.organizationId, caller: row.caller, route: row.route, key };
    const secretOfServer = t.app.ctx.config.jwtSecret;
    expect(openAnswer(secretOfServer, context, row.responseBody)).toBe(created.body);
    expect(() =>
      openAnswer(secretOfServer, { ...context, key: `${key}x` }, row.responseBody as string),
    ).toThrow();
    expect(() =>
      openAnswer(
        new TextEncoder().encode('another-server-secret-0123456789abcdef'),
        context,
        row.responseBody as string,
      ),
    ).toThrow();
    const foreign = { ...context, organizationId: crypto.randomUUID() };
    expect(() => openAnswer(secretOfServer, foreign, row.responseBody as string)).toThrow();
    // A fresh IV each time: the same answer sealed twice differs.
    expect(sealAnswer(secretOfServer, context, 'same')).not.toBe(sealAnswer(secretOfServer, context, 'same'));
  });

  it('refuses the key again with another body (422), making no token', async () => {
    const key = crypto.randomUUID();
    expect(
      (await createToken(asAdmin(), { name: uniqueName('First'), permissions: ['EVENT'] }, key)).statusCode,
    ).toBe(201);
    const otherName = uniqueName('Other');
    const reused = await createToken(asAdmin(), { name: otherName, permissions: ['EVENT'] }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency-key-reused');
    expect(await tokensNamed(team.organizationId, otherName)).toBe(0);
  });

  it('answers 409 while the first request with the key has not answered', async () => {
    const body = { name: uniqueName('Running'), permissions: ['EVENT'] };
    const done = crypto.randomUUID();
    expect((await createToken(asAdmin(), body, done)).statusCode).toBe(201);
    const stored = await storedRow(team.organizationId, done);
    if (!stored) throw new Error('no stored answer');
    const running = crypto.randomUUID();
    await t.app.ctx.db.insert(idempotentAnswers).values({
      ...stored,
      key: hashedIdempotencyKey(running),
      responseStatus: null,
      responseBody: null,
      responseContentType: null,
    });
    const meanwhile = await createToken(asAdmin(), body, running);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.code).toBe('idempotency-in-flight');
    expect(meanwhile.headers['retry-after']).toBe('1');
    expect(await tokensNamed(team.organizationId, body.name)).toBe(1);
  });

  it('runs three requests sent at once with one key once', async () => {
    const body = { name: uniqueName('Together'), permissions: ['EVENT'] };
    const key = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => createToken(asAdmin(), body, key)));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((answer) => answer.body)).size).toBe(1);
    expect(await tokensNamed(team.organizationId, body.name)).toBe(1);
  });

  it('never shares a key across organisations or callers', async () => {
    const other = await newTeam(t.app, 'Other Keyed Tokens Org');
    const body = { name: uniqueName('Shared key'), permissions: ['ALL'] };
    const key = crypto.randomUUID();
    const ours = await createToken(asAdmin(), body, key);
    const theirs = await createToken(asAdmin(other), body, key);
    expect(ours.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<CreatedApiToken>().secret).not.toBe(ours.json<CreatedApiToken>().secret);
    expect(await tokensNamed(other.organizationId, body.name)).toBe(1);
    // A token holding ALL is another caller of the same organisation: the same key makes its own.
    const asToken = { authorization: `Bearer ${ours.json<CreatedApiToken>().secret}` };
    const byToken = await createToken(asToken, body, key);
    expect(byToken.statusCode, byToken.body).toBe(201);
    expect(byToken.headers['idempotent-replayed']).toBeUndefined();
    expect(await tokensNamed(team.organizationId, body.name)).toBe(2);
    const byTokenAgain = await createToken(asToken, body, key);
    expect(byTokenAgain.headers['idempotent-replayed']).toBe('true');
    expect(byTokenAgain.body).toBe(byToken.body);
  });

  it('answers 410 api-token-gone to a repeat after the token was revoked or expired, and revives nothing', async () => {
    const body = { name: uniqueName('Revoked'), permissions: ['EVENT'] };
    const key = crypto.randomUUID();
    const first = await createToken(asAdmin(), body, key);
    const { token, secret } = first.json<CreatedApiToken>();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/tokens/${token.id}`,
      headers: asAdmin(),
    });
    expect(revoked.statusCode).toBe(200);
    const replay = await createToken(asAdmin(), body, key);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().error.code).toBe('api-token-gone');
    expect(replay.body).not.toContain(secret);
    expect(await tokensNamed(team.organizationId, body.name)).toBe(1);
    const [row] = await t.app.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.revokedAt).not.toBeNull();
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(call.statusCode).toBe(401);

    const soon = {
      name: uniqueName('Expiring'),
      permissions: ['EVENT'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    const soonKey = crypto.randomUUID();
    const made = (await createToken(asAdmin(), soon, soonKey)).json<CreatedApiToken>();
    await t.app.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.token.id));
    const late = await createToken(asAdmin(), soon, soonKey);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('api-token-gone');
  });

  it('replays a refusal as it was answered', async () => {
    const key = crypto.randomUUID();
    const body = {
      name: uniqueName('Past'),
      permissions: ['EVENT'],
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    };
    const first = await createToken(asAdmin(), body, key);
    expect(first.statusCode).toBe(400);
    const again = await createToken(asAdmin(), body, key);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});

describe('RateLimit headers on API token calls', () => {
  async function tokenWith(permissions: string[]) {
    const created = await createToken(asAdmin(), { name: uniqueName('Limited'), permissions });
    return created.json<CreatedApiToken>();
  }

  it('are on successes, refusals, replays and the 429 past the limit', async () => {
    const { token, secret } = await tokenWith(['EVENT']);
    const asToken = { authorization: `Bearer ${secret}` };
    const body = eventBody({ name: uniqueName('Limited gala') });
    const key = crypto.randomUUID();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...asToken, 'idempotency-key': key },
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['ratelimit-policy']).toBe('"api-token";q=600;w=60');
    expect(created.headers.ratelimit).toMatch(/^"api-token";r=599;t=\d+$/);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...asToken, 'idempotency-key': key },
      payload: body,
    });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.headers.ratelimit).toMatch(/^"api-token";r=598;t=\d+$/);
    const refused = await t.app.inject({ method: 'GET', url: '/api/customers', headers: asToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.ratelimit).toMatch(/^"api-token";r=597;t=\d+$/);
    // The rest of the minute's calls, counted in the shared store as the token's own calls would be.
    for (let call = 0; call < 597; call += 1) await t.app.ctx.limiters.apiToken.hit(token.id);
    const over = await t.app.inject({ method: 'GET', url: '/api/events', headers: asToken });
    expect(over.statusCode).toBe(429);
    expect(over.headers['ratelimit-policy']).toBe('"api-token";q=600;w=60');
    expect(over.headers.ratelimit).toMatch(/^"api-token";r=0;t=\d+$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another token keeps its own window; a staff session meets no token limit.
    const fresh = await tokenWith(['EVENT']);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: `Bearer ${fresh.secret}` },
    });
    expect(other.headers.ratelimit).toMatch(/^"api-token";r=599;t=\d+$/);
    const staff = await t.app.inject({ method: 'GET', url: '/api/events', headers: asAdmin() });
    expect(staff.headers['ratelimit-policy']).toBeUndefined();
  });
});
