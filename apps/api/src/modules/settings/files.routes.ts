import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './settings.service';

/**
 * `GET /api/files/:id`: a file of the organisation (its logo), for any of its staff. Files never change
 * (a new upload is a new id), so they are cached privately for a year; the answer can never run as a page.
 */
export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/files/:id',
      {
        config: { access: 'files.read' },
        schema: {
          tags: ['files'],
          security: [{ bearer: [] }],
          summary: "One of the organisation's files, with its content type",
          headers: organizationHeaderSchema,
          params: z.object({ id: z.string() }),
          response: {
            200: z.unknown().describe('The bytes of the file, with its content type'),
            304: noContent,
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!z.uuid().safeParse(id).success) {
          throw new AppError('object-not-found', 'The file could not be found.');
        }
        const file = await service.readFile(ctx, requireTenant(request).organizationId, id);
        const etag = `"${id}"`;
        reply
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('etag', etag)
          .header('last-modified', file.createdAt.toUTCString())
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', 'inline')
          .header('vary', 'Authorization, X-Organization-ID');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return reply.type(file.contentType).send(file.bytes);
      },
    );
  };
}
