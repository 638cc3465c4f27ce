import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t.close());

describe('GET /api/health on a listening server', () => {
  it('answers from the fast path exactly as the documented route does', async () => {
    const fast = await fetch(`${base}/api/health`);
    const routed = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fast.status).toBe(200);
    expect(await fast.json()).toEqual(routed.json());
    for (const name of [
      'content-type',
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
    ]) {
      expect(fast.headers.get(name), name).toBe(routed.headers[name]);
    }
  });

  it('leaves every other request to the router', async () => {
    const withQuery = await fetch(`${base}/api/health?probe=1`);
    expect(withQuery.status).toBe(200);
    const post = await fetch(`${base}/api/health`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('route-not-found');
  });
});
