import { API_ACCESS, type ApiAction } from '@guichet/shared/permissions';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createTestApp, type TestContext } from '../../test/support/harness';

let t: TestContext;
/** Each route's own schemas, by the operation's name in the document (`post /api/events/{id}/publish`). */
const routes = new Map<string, RouteOptions>();

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');
        for (const method of methods) routes.set(`${method.toLowerCase()} ${path}`, route);
      },
    },
  );
});
afterAll(async () => t?.close());

interface Media {
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

/**
 * The organisation's POSTs that do not honour `Idempotency-Key`, each with its reason (decision 034). A
 * new one must be added here with a reason, or made idempotent: the test below fails otherwise.
 */
const NOT_KEYED: Record<string, string> = {
  'post /api/scan/redeem': 'its nonce is its key (decision 019)',
};

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media & { schema?: { enum?: unknown[] } }> }>;
}

const examplesOf = (media: Media): unknown[] =>
  media.example !== undefined
    ? [media.example]
    : Object.values(media.examples ?? {}).map((example) => example.value);

/** The operation's success answer that has a body (a 204's `null` has none), if any. */
function successOf(operation: Operation): [string, Media][] {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([status, response]) =>
      Object.values(response.content ?? {})
        .filter((media) => !media.schema?.enum?.every((value) => value === null))
        .map((media): [string, Media] => [status, media]),
    );
}

async function operations(): Promise<[string, Operation][]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{ paths: Record<string, Record<string, Operation>> }>();
  const found: [string, Operation][] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) found.push([`${method} ${path}`, operation]);
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId, a summary and a description', async () => {
    const found = await operations();
    expect(found.length).toBeGreaterThan(100);
    const lacking = found
      .filter(([, operation]) => !operation.operationId || !operation.summary || !operation.description)
      .map(([name]) => name);
    expect(lacking).toEqual([]);
    const ids = found.map(([, operation]) => operation.operationId);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    for (const [name, operation] of found) expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('says who may call each operation and which errors it answers', async () => {
    const found = new Map(await operations());
    const events = found.get('get /api/events');
    expect(events?.operationId).toBe('eventsList');
    expect(events?.description).toContain('`ALL` or `EVENT`');
    expect(events?.description).toContain('API token');
    expect(events?.description).toContain('**403**');
    expect(found.get('post /api/integrations/tokens')?.operationId).toBe('apiTokensCreate');
    expect(found.get('get /api/health')?.description).toContain('Anyone');
  });

  it('lists Idempotency-Key on every POST of an organisation but those with a written reason', async () => {
    const found = new Map(await operations());
    const organisationPosts = [...routes.entries()].filter(([name, route]) => {
      const action = route.config?.access as ApiAction | undefined;
      const kind = action && Object.hasOwn(API_ACCESS, action) ? API_ACCESS[action].kind : undefined;
      return name.startsWith('post ') && (kind === 'staff' || kind === 'permission');
    });
    expect(organisationPosts.length).toBeGreaterThan(40);
    const keyed = (name: string) =>
      (found.get(name)?.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
      );
    const lacking = organisationPosts
      .map(([name]) => name)
      .filter((name) => !keyed(name) && !NOT_KEYED[name]);
    expect(lacking).toEqual([]);
    for (const name of Object.keys(NOT_KEYED)) expect(keyed(name), name).toBe(false);
    expect(keyed('post /api/integrations/tokens')).toBe(true);
    expect(keyed('post /api/customer-imports')).toBe(true);
  });

  it('gives every request body and every success answer an example that its own schema accepts', async () => {
    const found = await operations();
    const lacking: string[] = [];
    const invalid: string[] = [];
    for (const [name, operation] of found) {
      const route = routes.get(name);
      const schema = route?.schema as { body?: ZodType; response?: Record<string, ZodType> } | undefined;
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const examples = examplesOf(media);
        if (examples.length === 0) lacking.push(`${name} request`);
        for (const example of examples) {
          const parsed = schema?.body?.safeParse(example);
          if (parsed && !parsed.success) invalid.push(`${name} request: ${parsed.error.message}`);
        }
      }
      for (const [status, media] of successOf(operation)) {
        const examples = examplesOf(media);
        if (examples.length === 0) lacking.push(`${name} ${status}`);
        for (const example of examples) {
          const parsed = schema?.response?.[status]?.safeParse(example);
          if (parsed && !parsed.success) invalid.push(`${name} ${status}: ${parsed.error.message}`);
        }
      }
    }
    expect(lacking).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it('makes examples from the schemas, with realistic values', async () => {
    const found = new Map(await operations());
    const created = found.get('post /api/events');
    const [example] = examplesOf(created?.requestBody?.content['application/json'] ?? {});
    expect(example).toMatchObject({ name: expect.any(String), startsAt: '2026-06-21T19:30:00.000Z' });
    const [answer] = examplesOf(created?.responses?.['201']?.content?.['application/json'] ?? {});
    expect(answer).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
