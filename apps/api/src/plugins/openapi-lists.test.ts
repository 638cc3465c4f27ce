import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';

// Lists page one way (PRODUCT.md, decision 039): `?limit=&cursor=` → `{ items, nextCursor }`. These tests read
// the OpenAPI document, so a new route that answers a bare array or an unpaged `items` fails here.

/** GET operations whose 200 answers `items` without paging, each with why it cannot grow. */
const UNPAGED_LISTS: Record<string, string> = {
  'get /api/auth/providers':
    'the sign-in providers configured at start-up (OIDC_PROVIDERS): a fixed catalogue',
  'get /api/auth/identities':
    'the third-party accounts linked to one account, each linked by hand through a provider: a handful',
  'get /api/places':
    'a search answering its best `limit` matches (at most PLACE_SEARCH_MAX_LIMIT), ranked by the geocoder',
};

/** GET operations whose 200 is a bare JSON array, each with why (none today). */
const ARRAY_ANSWERS: Record<string, string> = {};

interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let t: TestContext;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(async () => t?.close());

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
}

/** Every GET operation with the schema of its 200 JSON answer. */
function jsonAnswers(): { name: string; operation: Operation; schema: Schema }[] {
  const found: { name: string; operation: Operation; schema: Schema }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item.get;
    const schema = resolve(operation?.responses?.['200']?.content?.['application/json']?.schema);
    if (operation && schema) found.push({ name: `get ${path}`, operation, schema });
  }
  return found;
}

describe('the lists of the OpenAPI document', () => {
  it('answers no GET with a bare JSON array', () => {
    const answers = jsonAnswers();
    expect(answers.length).toBeGreaterThan(50);
    const arrays = answers.filter(({ schema }) => schema.type === 'array').map(({ name }) => name);
    expect(arrays.sort()).toEqual(Object.keys(ARRAY_ANSWERS).sort());
  });

  it('pages every list of items with `limit` and `cursor` into `{ items, nextCursor }`', () => {
    const lists = jsonAnswers().filter(({ schema }) => resolve(schema.properties?.items)?.type === 'array');
    expect(lists.length).toBeGreaterThan(30);
    const unpaged = lists
      .filter(({ operation, schema }) => {
        const query = new Set(
          (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        );
        return !(schema.properties?.nextCursor && query.has('limit') && query.has('cursor'));
      })
      .map(({ name }) => name);
    expect(unpaged.sort()).toEqual(Object.keys(UNPAGED_LISTS).sort());
  });

  it('keeps the exceptions true: each one still answers as its reason says', () => {
    const names = new Set(jsonAnswers().map(({ name }) => name));
    for (const name of [...Object.keys(UNPAGED_LISTS), ...Object.keys(ARRAY_ANSWERS)]) {
      expect(names.has(name), name).toBe(true);
    }
  });
});
