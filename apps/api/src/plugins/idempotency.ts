import { createHash } from 'node:crypto';
import type { Database } from '@guichet/db/client';
import { API_ACCESS } from '@guichet/shared/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors';
import {
  claimIdempotencyKey,
  type IdempotencyClaim,
  readIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a POST of the organisation that must not keep its answer (it shows a secret once) or
     * whose body is streamed to the handler (nothing to fingerprint before it runs).
     */
    idempotency?: false;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is stored or the key given back. */
    idempotencyClaim?: IdempotencyClaim;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/;
/** Answers worth replaying: not a server error, and not a refusal a moment later may not repeat. */
const TRANSIENT = new Set([408, 409, 425, 429]);

/**
 * Whether a route honours the generic `Idempotency-Key` (decision 034): every POST of an organisation
 * (staff sessions and API tokens alike) but the scanner's redeem (its nonce is its key, decision 019) and
 * the routes that opt out. Public routes, the checkout among them, keep their own (decision 017).
 */
export function honoursIdempotencyKey(route: Pick<RouteOptions, 'method' | 'config'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.includes('POST')) return false;
  const action = route.config?.access;
  if (!action || !Object.hasOwn(API_ACCESS, action)) return false;
  const kind = API_ACCESS[action].kind;
  if (kind !== 'staff' && kind !== 'permission') return false;
  return !route.config?.membershipReadByHandler && route.config?.idempotency !== false;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ params: request.params ?? null, query: request.query ?? null }));
  hash.update('\n');
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!KEY_SHAPE.test(key)) {
    throw new AppError('argument-error', 'Idempotency-Key must be 8 to 200 printable ASCII characters.', {
      details: { header: IDEMPOTENCY_HEADER },
    });
  }
  return key;
}

/**
 * The generic `Idempotency-Key` of the organisation's POSTs (decision 034). After access and validation,
 * a request with a key claims (organisation, caller, route, key) with one insert. The first request runs
 * and its answer (status and body) is stored as it is sent; a repeat with the same parameters and body
 * gets that answer again (`Idempotent-Replayed: true`) without running; with another body 422
 * `idempotency-key-reused`; while the first has not answered, 409 `idempotency-in-flight` with
 * `Retry-After: 1` (no waiting: a held connection per retry would let a retry storm tie up the API).
 * Server errors, conflicts and dropped requests give the key back, so a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance, db: Database): void {
  app.decorateRequest('idempotencyClaim', undefined);
  app.addHook('onRoute', (route) => {
    if (!honoursIdempotencyKey(route)) return;
    const routeName = `POST ${route.url}`;
    const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === undefined || !request.tenant) return;
      const claim: IdempotencyClaim = {
        organizationId: request.tenant.organizationId,
        caller: request.apiTokenId ? `token:${request.apiTokenId}` : `staff:${request.staffId}`,
        route: routeName,
        key,
      };
      const fingerprint = fingerprintOf(request);
      if (await claimIdempotencyKey(db, { ...claim, fingerprint })) {
        request.idempotencyClaim = claim;
        return;
      }
      const stored = await readIdempotencyKey(db, claim);
      if (stored && stored.fingerprint !== fingerprint) {
        throw new AppError('idempotency-key-reused', 'This Idempotency-Key was used with another request.');
      }
      if (!stored || stored.responseStatus === null || stored.responseBody === null) {
        throw new AppError('idempotency-in-flight', 'A request with this Idempotency-Key is not finished.', {
          headers: { 'retry-after': '1' },
        });
      }
      reply.code(stored.responseStatus).header('idempotent-replayed', 'true');
      if (stored.responseContentType) reply.header('content-type', stored.responseContentType);
      return reply.send(stored.responseBody);
    };
    const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      const status = reply.statusCode;
      if (status >= 500 || TRANSIENT.has(status) || typeof payload !== 'string') {
        await releaseIdempotencyKey(db, claim);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await storeIdempotentAnswer(db, claim, {
        status,
        body: payload,
        contentType: typeof contentType === 'string' ? contentType : null,
      });
      return payload;
    };
    // A request that never reached its answer (the client went away) gives its key back.
    const releaseUnanswered = async (request: FastifyRequest) => {
      const claim = request.idempotencyClaim;
      if (!claim) return;
      request.idempotencyClaim = undefined;
      await releaseIdempotencyKey(db, claim);
    };
    route.preHandler = [claimOrReplay, ...hooksOf(route.preHandler)];
    // First of the route's onSend hooks: compression (registered before) adds its own, which would turn
    // the answer into a stream; the stored answer is the plain one, compressed again when replayed.
    route.onSend = [storeAnswer, ...hooksOf(route.onSend)];
    route.onResponse = [...hooksOf(route.onResponse), releaseUnanswered];
  });
}

const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
