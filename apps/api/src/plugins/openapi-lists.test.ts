import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('dump', () => {
  it('dumps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const fs = await import('node:fs');
    fs.writeFileSync('/tmp/lp/openapi.json', response.body);
  });
});
