import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The error body every endpoint may answer; declared per status so it appears in the OpenAPI document. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** On failures of the server's side (5xx): the request's id, found in its log lines. */
    requestId: z.string().optional(),
  }),
});

export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}

/** The header that names the organisation a request works in (checked by the tenancy plugin). */
export const organizationHeaderSchema = z.looseObject({ 'x-organization-id': z.string().optional() });

export const noContent = z.null().describe('No content');

export function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
