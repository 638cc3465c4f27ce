import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Printable ASCII without spaces, at most 200 characters: safe in a log line and in a header. */
const VALID_ID = /^[\x21-\x7e]{1,200}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is a sensible one (a proxy or another service
 * that already named the request), else a new UUID. Fastify puts it in every log line of the request.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
}

/** Echoes the id in every answer, so a user's report or a proxy's log leads to the server's log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
