import type { ErrorCode } from '@guichet/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { REQUEST_ID_HEADER } from './request-id';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: unknown) {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  // A failure on our side carries the request's id, which leads to its log lines.
  if (status >= 500) error.requestId = reply.request.id;
  // The API's error shape whatever the route declares for that status (a route answering HTML errors
  // still gets JSON for a request its schema refuses): not through the route's response serializer.
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ error });
}

/**
 * Errors Fastify raises before routing (a URL whose percent-encoding is malformed), which skip the
 * request hooks: answered in the API's shape, with the headers every answer carries.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers).header(REQUEST_ID_HEADER, request.id);
    return send(reply, 400, 'argument-error', error.message);
  };
}

/**
 * Every error leaves as `{ error: { code, message, details? } }`. Expected errors keep their message;
 * anything else is logged and answered with a generic 500 that carries no stack trace or SQL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return send(reply, error.status, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return send(reply, 400, 'argument-error', 'The request is invalid.', details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, 'internal-error', 'Something went wrong on our side.');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'payload-too-large', 'The request body is too large.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_TYPE':
      case 'FST_ERR_CTP_INVALID_TYPE':
        return send(reply, 400, 'argument-error', error.message);
      default:
        break;
    }
    // Malformed JSON and other client errors raised by Fastify itself.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) return send(reply, 429, 'too-many-attempts', 'Too many attempts.');
      return send(reply, 400, 'argument-error', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal-error', 'Something went wrong on our side.');
  });
}
