import { gunzipSync } from 'node:zlib';
import { events } from '@guichet/db/schema/events';
import { idempotentAnswers } from '@guichet/db/schema/integrations';
import type { CreatedApiToken } from '@guichet/shared/integrations';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody } from '../../test/support/events';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { newTeam, orgHeaders, type Team } from '../../test/support/teams';
import { idempotencyExpiryJob } from '../jobs/idempotency-expiry.job';

/** The generic `Idempotency-Key` of the organisation's POSTs (decision 034), for sessions and API tokens. */
let t: TestContext;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await newTeam(t.app, 'Idempotent Org');
});
afterAll(async () => t?.close());

const asAdmin = () => orgHeaders(team.admin.accessToken, team.organizationId);

function createEvent(headers: Record<string, string>, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function eventsNamed(name: string): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, team.organizationId), eq(events.name, name)));
  return rows.length;
}

const uniqueName = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

describe('Idempotency-Key on the organisation’s POSTs', () => {
  it('creates one row for the same POST twice and answers it again the same', async () => {
    const body = eventBody({ name: uniqueName('Keyed gala') });
    const key = crypto.randomUUID();
    const first = await createEvent(asAdmin(), body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await createEvent(asAdmin(), body, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    expect(await eventsNamed(body.name)).toBe(1);
  });

  it('stores the plain answer when the client accepts compressed ones, and replays it compressed', async () => {
    const body = eventBody({ name: uniqueName('Compressed'), description: 'A long evening. '.repeat(200) });
    const key = crypto.randomUUID();
    const headers = { ...asAdmin(), 'accept-encoding': 'gzip' };
    const first = await createEvent(headers, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const second = await createEvent(headers, body, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(second.rawPayload).toString()).toBe(gunzipSync(first.rawPayload).toString());
    expect(await eventsNamed(body.name)).toBe(1);
  });

  it('refuses the key again with another body (422), creating nothing', async () => {
    const key = crypto.randomUUID();
    const first = await createEvent(asAdmin(), eventBody({ name: uniqueName('First body') }), key);
    expect(first.statusCode).toBe(201);
    const otherName = uniqueName('Other body');
    const reused = await createEvent(asAdmin(), eventBody({ name: otherName }), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency-key-reused');
    expect(await eventsNamed(otherName)).toBe(0);
  });

  it('creates two rows without a key', async () => {
    const body = eventBody({ name: uniqueName('Unkeyed') });
    expect((await createEvent(asAdmin(), body)).statusCode).toBe(201);
    expect((await createEvent(asAdmin(), body)).statusCode).toBe(201);
    expect(await eventsNamed(body.name)).toBe(2);
  });

  it('answers 409 idempotency-in-flight while the first request with the key has not answered', async () => {
    const body = eventBody({ name: uniqueName('In flight') });
    const done = crypto.randomUUID();
    expect((await createEvent(asAdmin(), body, done)).statusCode).toBe(201);
    const [stored] = await t.app.ctx.db
      .select()
      .from(idempotentAnswers)
      .where(eq(idempotentAnswers.key, done));
    if (!stored) throw new Error('no stored answer');
    // The claim of a request still running: same caller, route and body, no answer yet.
    const running = crypto.randomUUID();
    await t.app.ctx.db.insert(idempotentAnswers).values({
      ...stored,
      key: running,
      responseStatus: null,
      responseBody: null,
      responseContentType: null,
    });
    const meanwhile = await createEvent(asAdmin(), body, running);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.code).toBe('idempotency-in-flight');
    expect(meanwhile.headers['retry-after']).toBe('1');
    expect(await eventsNamed(body.name)).toBe(1);
  });

  it('runs two requests sent at once with one key once', async () => {
    const body = eventBody({ name: uniqueName('Together') });
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      createEvent(asAdmin(), body, key),
      createEvent(asAdmin(), body, key),
      createEvent(asAdmin(), body, key),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(await eventsNamed(body.name)).toBe(1);
  });

  it('keys an API token’s calls apart from a staff member’s, and replays the token’s own', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/tokens',
      headers: asAdmin(),
      payload: { name: 'Event sync', permissions: ['EVENT'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json<CreatedApiToken>();
    const asToken = { authorization: `Bearer ${secret}` };
    const body = eventBody({ name: uniqueName('Token made') });
    const key = crypto.randomUUID();
    const first = await createEvent(asToken, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await createEvent(asToken, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await eventsNamed(body.name)).toBe(1);
    // The same key from a staff session is another caller's: it runs.
    expect((await createEvent(asAdmin(), body, key)).statusCode).toBe(201);
    expect(await eventsNamed(body.name)).toBe(2);
  });

  it('refuses a malformed key (400) before running anything', async () => {
    const body = eventBody({ name: uniqueName('Bad key') });
    const refused = await createEvent(asAdmin(), body, 'short');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('argument-error');
    expect(await eventsNamed(body.name)).toBe(0);
  });

  it('stores a refusal as it was answered, and gives back the key of a request that found a conflict', async () => {
    const missing = crypto.randomUUID();
    const key = crypto.randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${missing}/publish`,
        headers: { ...asAdmin(), 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode).toBe(404);
    const again = await send();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('forgets stored answers after 24 hours, in the job', async () => {
    const body = eventBody({ name: uniqueName('Expiring') });
    const oldKey = crypto.randomUUID();
    const recentKey = crypto.randomUUID();
    expect((await createEvent(asAdmin(), body, oldKey)).statusCode).toBe(201);
    expect((await createEvent(asAdmin(), body, recentKey)).statusCode).toBe(201);
    await t.app.ctx.db
      .update(idempotentAnswers)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(idempotentAnswers.key, oldKey));
    const job = idempotencyExpiryJob(t.app.ctx.db, t.app.log);
    expect(await job.runOnce()).toBe(true);
    const left = await t.app.ctx.db
      .select({ key: idempotentAnswers.key })
      .from(idempotentAnswers)
      .where(eq(idempotentAnswers.organizationId, team.organizationId));
    const keys = left.map((row) => row.key);
    expect(keys).toContain(recentKey);
    expect(keys).not.toContain(oldKey);
    // The forgotten key runs again.
    expect((await createEvent(asAdmin(), body, oldKey)).statusCode).toBe(201);
    expect(await eventsNamed(body.name)).toBe(3);
  });

  it('is documented on each such operation of the OpenAPI document, and only there', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const keyed = (path: string, method: string) =>
      (document.paths[path]?.[method]?.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
      );
    expect(keyed('/api/events', 'post')).toBe(true);
    expect(keyed('/api/events/{id}/ticket-types', 'post')).toBe(true);
    expect(keyed('/api/events', 'get')).toBe(false);
    expect(keyed('/api/scan/redeem', 'post')).toBe(false);
    expect(keyed('/api/integrations/tokens', 'post')).toBe(true);
    expect(keyed('/api/customer-imports', 'post')).toBe(true);
  });
});
