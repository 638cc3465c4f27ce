import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createTestApp, signUp, type TestContext } from '../test/support/harness';

/**
 * Every operation of the OpenAPI document, called with random and hostile text in its path parameters,
 * query, headers and body, with and without a valid session: no answer may be a 5xx. The seed is fixed, so
 * a failure reproduces; the count keeps the run to well under a minute.
 */
const SEED = 20_241_117;
const RUNS_PER_OPERATION = 60;

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
  bodyFields: string[];
}

const HOSTILE = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%',
  '%00',
  '%zz',
  '..',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table staff; --',
  '<script>alert(1)</script>',
  '\u202etxt.exe',
  '🎟️ billet',
  '0',
  '-1',
  '1e309',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'A'.repeat(300),
  'é'.repeat(2000),
];

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  // Lone surrogates and controls mixed into ordinary text.
  fc
    .array(fc.constantFrom('a', ' ', '\u0000', '\ud800', '\udc00', '\u0007', 'é', '/'), { maxLength: 12 })
    .map((parts) => parts.join('')),
);

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Percent-encodes text for a URL, lone surrogates included (as WTF-8 bytes, which no decoder accepts). */
function encodePart(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Header values are Latin-1 on the wire: hostile text reaches a header as the bytes a client could send. */
const headerText = hostileText.map((text) =>
  Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[\r\n]/g, ''),
);

function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const body = operation.requestBody as
        | { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
        | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(body?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

let t: TestContext;
let operations: Operation[];
let session: { token: string; organizationId: string };
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' });
  const staff = await signUp(t.app);
  const organization = await createOrganization(t.app, staff.accessToken, 'Fuzzed Organisation');
  session = { token: staff.accessToken, organizationId: organization.id };
  // "Sign out everywhere" ends the fuzzing session: fuzzed last, so every other operation meets it alive.
  const endsSession = (operation: Operation) =>
    operation.method === 'DELETE' && operation.path === '/api/auth/sessions' ? 1 : 0;
  operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()).sort(
    (a, b) => endsSession(a) - endsSession(b),
  );
});
afterAll(async () => t.close());

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('never answers 5xx', { timeout: 180_000 }, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const request = fc.record({
        params: fc.array(hostileText, { minLength: 4, maxLength: 4 }),
        query: fc.array(fc.tuple(fc.constantFrom(...operation.queryNames, 'extra'), hostileText), {
          maxLength: 4,
        }),
        body: fc.oneof(
          fc.record(Object.fromEntries(operation.bodyFields.map((field) => [field, jsonValue])), {
            requiredKeys: [],
          }),
          jsonValue,
        ),
        signedIn: fc.boolean(),
        organization: fc.oneof(fc.constant('valid'), headerText),
        requestId: fc.option(headerText),
      });
      await fc
        .assert(
          fc.asyncProperty(request, async (input) => {
            let param = 0;
            const path = operation.path.replace(/\{\w+\}/g, () => encodePart(input.params[param++] ?? ''));
            const query = input.query
              .map(([name, value]) => `${encodePart(name)}=${encodePart(value)}`)
              .join('&');
            const headers: Record<string, string> = {
              'x-organization-id':
                input.organization === 'valid' ? session.organizationId : input.organization,
            };
            if (input.signedIn) headers.authorization = `Bearer ${session.token}`;
            if (input.requestId !== null) headers['x-request-id'] = input.requestId;
            const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method) || input.body !== undefined;
            const response = await t.app.inject({
              method: operation.method as 'GET',
              url: query ? `${path}?${query}` : path,
              headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
              ...(hasBody && operation.method !== 'GET'
                ? { payload: JSON.stringify(input.body ?? null) }
                : {}),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${operation.method} ${operation.path} → ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  });
});
