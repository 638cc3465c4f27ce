import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { serveMetrics } from './metrics';

const TOKEN = 'metrics-token-0123456789';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => t.close());

describe('metrics', () => {
  it('are not exposed by default', async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('need the token at /api/metrics', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });

  it('count requests by route and status, jobs, the outbox and the event loop', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/events/not-a-uuid' });
    await t.app.outbox.drain();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /guichet_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    // Refused before the handler (no session): the route's pattern, never the path asked for.
    expect(text).toMatch(
      /guichet_http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id",status="401"\} 1/,
    );
    expect(text).toMatch(/^guichet_outbox_backlog 0$/m);
    expect(text).toMatch(/^guichet_outbox_oldest_age_seconds 0$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE guichet_job_runs_total counter');
    expect(text).toContain('# TYPE guichet_orders_placed_total counter');
    expect(text).toContain('# TYPE guichet_scans_total counter');
  });

  it('can be served on a port of their own', async () => {
    // Port 0: the OS picks a free one.
    const own = await serveMetrics(t.app.metrics, {
      host: '127.0.0.1',
      metrics: { port: 0, token: undefined },
    });
    try {
      const address = own?.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('guichet_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      own?.close();
    }
  });
});
