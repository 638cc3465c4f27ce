import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { Database } from '@guichet/db/client';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../config';
import { outboxBacklog } from './metrics.repository';
import { collectNodeMetrics, processRegistry, requestDuration } from './process-metrics';

/** The connection pool's counts (PostgreSQL); absent on the embedded database, which has one connection. */
export type PoolStats = () => { total: number; idle: number; waiting: number };

export interface Metrics {
  contentType: string;
  /** Every metric in Prometheus's text format: the process's and this app's (database, outbox). */
  text(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

function appRegistry(db: Database, poolStats: PoolStats | undefined): Registry {
  const registry = new Registry();
  if (poolStats) {
    new Gauge({
      name: 'guichet_db_pool_connections',
      help: 'PostgreSQL connections of the pool, by state (idle, busy), and requests waiting for one (waiting).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = poolStats();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  // Both outbox figures come from one query per scrape.
  let backlog: Promise<{ count: number; oldestSeconds: number }> | null = null;
  const readBacklog = () => {
    backlog ??= outboxBacklog(db).finally(() => {
      setImmediate(() => {
        backlog = null;
      });
    });
    return backlog;
  };
  new Gauge({
    name: 'guichet_outbox_backlog',
    help: 'Messages (e-mail) waiting in the outbox to be delivered.',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).count);
    },
  });
  new Gauge({
    name: 'guichet_outbox_oldest_age_seconds',
    help: 'How long the oldest message waiting in the outbox has waited (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestSeconds);
    },
  });
  return registry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Times every request (by route pattern, so the label set stays small) and gives the app its metrics.
 * They are exposed only when asked: at `GET /api/metrics` with `Authorization: Bearer $METRICS_TOKEN`,
 * and/or on a port of their own (`METRICS_PORT`, see `serveMetrics`).
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'metrics'>,
  db: Database,
  poolStats: PoolStats | undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const exposed = config.metrics.token !== undefined || config.metrics.port !== undefined;
  if (exposed) collectNodeMetrics();
  const registry = appRegistry(db, poolStats);
  const metrics: Metrics = {
    contentType: registry.contentType,
    text: () => Registry.merge([processRegistry, registry]).metrics(),
  };
  app.decorate('metrics', metrics);

  const token = config.metrics.token;
  if (token === undefined) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/api/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .send({ error: { code: 'unauthenticated', message: 'A metrics token is required.' } });
    }
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}

/**
 * Serves `GET /metrics` on a port of its own (`METRICS_PORT`), for a scraper on the internal network; the
 * main port then never shows them. With `METRICS_TOKEN` set too, the token is required here as well.
 */
export async function serveMetrics(
  metrics: Metrics,
  config: Pick<Config, 'host' | 'metrics'>,
): Promise<http.Server | null> {
  const { port, token } = config.metrics;
  if (port === undefined) return null;
  const expected = token === undefined ? null : digest(`Bearer ${token}`);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' }).end('Unauthorized\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Error\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => resolve());
  });
  return server;
}
