import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
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
});
