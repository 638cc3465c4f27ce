import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { tileImageSource } from '../tile-url';

type SecurityConfig = Pick<Config, 'publicUrl' | 'map'>;

/**
 * The Content-Security-Policy: no inline or foreign scripts; inline styles because Mantine injects them;
 * images also from the map tile server, when one is configured.
 */
export function contentSecurityPolicy(config: SecurityConfig): string {
  const { tileUrl } = config.map;
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    'script-src-attr': "'none'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data: blob:${tileUrl ? ` ${tileImageSource(tileUrl)}` : ''}`,
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'worker-src': "'self' blob:",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'frame-ancestors': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
  };
  const policy = Object.entries(directives).map(([name, value]) => `${name} ${value}`);
  if (config.publicUrl.startsWith('https://')) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * Security headers on every response: CSP without inline scripts, HSTS, nosniff, a strict referrer policy,
 * no framing. Computed once and set by one synchronous hook (a per-request middleware chain cost 40% of
 * the health endpoint's throughput).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export function securityHeaders(config: SecurityConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    // Not `same-origin`: the sign-in page must keep its hold on the third-party sign-in popup.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
  };
}

/**
 * CORS for the development web server only (Vite on another port calls the API with cookies);
 * production serves the app and the API from one origin and lists no origins.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !origins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
      reply.header(
        'access-control-allow-headers',
        'authorization,content-type,x-organization-id,idempotency-key',
      );
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
