import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http';
import type { Readiness } from './readiness';

export function healthRoutes(check: () => Promise<Readiness>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'health.check' },
        // Probes hit this constantly: keep it out of the request log.
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process runs and answers',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        config: { access: 'health.ready' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary:
            'Readiness: 200 when the database answers, every migration is applied and the process is not shutting down; 503 otherwise',
          response: {
            200: z.object({ status: z.literal('ready') }),
            ...errorResponses(503),
          },
        },
      },
      async (request, reply) => {
        const readiness = await check();
        if (readiness.ready) return { status: 'ready' as const };
        const { ready: _ready, ...details } = readiness;
        return reply.code(503).send({
          error: {
            code: 'not-ready',
            message: 'This process is not ready to take requests.',
            details,
            requestId: request.id,
          },
        });
      },
    );
  };
}
