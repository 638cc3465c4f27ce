import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
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

/** The organisation header's "validation": the headers as they came (see `routeValidatorCompiler`). */
const headersAsTheyCame = (headers: unknown) => ({ value: headers });

/**
 * The routes' validators: zod's for every schema, except the organisation header's. That schema is there
 * for the OpenAPI document; the header itself is read and checked (required, a UUID, an organisation the
 * caller is staff of) by the organisation scope before validation, and Node.js gives every header as a
 * string, so parsing it again (a copy of all the request's headers, on every organisation's request)
 * could refuse nothing.
 */
export const routeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.schema === organizationHeaderSchema ? headersAsTheyCame : validatorCompiler(route);

export const noContent = z.null().describe('No content');

export function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
