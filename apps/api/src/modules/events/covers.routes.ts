import { COVER_MAX_BYTES, coverUploadResultSchema } from '@guichet/shared/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { errorResponses } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import { uploadCover } from './covers.service';

/** What the events routes document for each of theirs. */
interface EventsSchema {
  tags: string[];
  security: { bearer: never[] }[];
  headers: z.ZodType;
}

/**
 * `POST /api/events/covers`: a cover image for an event (ALL or EVENT, as the events routes). A
 * plugin of its own, so that its any-type body parser applies to this route only.
 */
export function coverRoutes(ctx: AppContext, common: EventsSchema): FastifyPluginAsyncZod {
  return async (app) => {
    // The raw bytes of the image: any type is read as bytes so that the handler, not the parser, answers
    // 415 for what it does not accept.
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/events/covers',
      {
        config: { access: 'events.uploadCover' },
        bodyLimit: COVER_MAX_BYTES,
        schema: {
          ...common,
          summary: 'Upload an event cover: the raw bytes of a PNG, JPEG or WebP image of at most 5 MiB',
          response: { 201: coverUploadResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('unsupported-file-type', 'Send the image bytes with their image type.');
        }
        const actor = {
          organizationId: requireTenant(request).organizationId,
          staffId: requireStaffId(request),
        };
        const result = await uploadCover(ctx, actor, {
          bytes: request.body,
          declaredType: request.headers['content-type'],
        });
        return reply.code(201).send(result);
      },
    );
  };
}
