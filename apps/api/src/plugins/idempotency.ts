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
import { fingerprintOf, type HashedAsRead, hashAsRead, hashToEnd, isStream } from './idempotency-fingerprint';
import { hashedIdempotencyKey, openAnswer, type SealingContext, sealAnswer } from './idempotency-sealing';

/** How a route's answers are kept, when they are not kept as they were sent (decision 034). */
export interface IdempotencyOptions {
  /** The answer shows a secret once: stored sealed, and the key stored hashed (./idempotency-sealing.ts). */
  sealedAnswer?: boolean;
  /**
   * The body is a stream the handler reads: the key is claimed before it is read, the body hashed as it
   * is read (its fingerprint stored with the answer), and a repeat's body read only to be hashed.
   */
  streamedBody?: boolean;
  /**
   * Called before a stored answer is given again, with its status and body as sent: may refuse the
   * replay by throwing (an API token revoked since must not be handed out again as if it were alive).
   */
  beforeReplay?: (request: FastifyRequest, answer: { status: number; body: string }) => Promise<void>;
  /**
   * A signed-in route that creates something outside any organisation (an organisation's creation):
   * it honours the key too, kept for its caller alone.
   */
  outsideOrganization?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a POST of the organisation left out of the generic `Idempotency-Key`; options for one
     * whose answer shows a secret or whose body is streamed.
     */
    idempotency?: false | IdempotencyOptions;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is stored or the key given back. */
    idempotencyClaim?: ActiveClaim;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/;
/** Answers worth replaying: not a server error, and not a refusal a moment later may not repeat. */
const TRANSIENT = new Set([408, 409, 425, 429]);

/**
 * Whether a route honours the generic `Idempotency-Key` (decision 034): every POST of an organisation
 * (staff sessions and API tokens alike) but the scanner's redeem (its nonce is its key, decision 019) and
 * the routes that opt out, and the signed-in POSTs that create something outside any organisation. Public routes, the checkout among them, keep their own (decision 017).
 */
export function honoursIdempotencyKey(route: Pick<RouteOptions, 'method' | 'config'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.includes('POST')) return false;
  const action = route.config?.access;
  if (!action || !Object.hasOwn(API_ACCESS, action)) return false;
  const kind = API_ACCESS[action].kind;
  const options = route.config?.idempotency;
  if (kind === 'signed-in') return options ? options.outsideOrganization === true : false;
  if (kind !== 'staff' && kind !== 'permission') return false;
  return !route.config?.membershipReadByHandler && route.config?.idempotency !== false;
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

/** A claim held by a request: how its answer is sealed and, for a streamed body, its fingerprint to come. */
interface ActiveClaim extends IdempotencyClaim {
  sealing?: SealingContext;
  streamed?: Pick<HashedAsRead, 'fingerprint' | 'discard'>;
}

const inFlight = () =>
  new AppError('idempotency-in-flight', 'A request with this Idempotency-Key is not finished.', {
    headers: { 'retry-after': '1' },
  });
const reused = () =>
  new AppError('idempotency-key-reused', 'This Idempotency-Key was used with another request.');

/**
 * The generic `Idempotency-Key` of the organisation's POSTs (decision 034). After access and validation,
 * a request with a key claims (organisation, caller, route, key) with one insert. The first request runs
 * and its answer (status and body) is stored as it is sent; a repeat with the same parameters and body
 * gets that answer again (`Idempotent-Replayed: true`) without running; with another body 422
 * `idempotency-key-reused`; while the first has not answered, 409 `idempotency-in-flight` with
 * `Retry-After: 1` (no waiting: a held connection per retry would let a retry storm tie up the API).
 * Server errors, conflicts and dropped requests give the key back, so a retry runs again. A route's
 * options seal an answer that shows a secret, and hash a streamed body as the handler reads it.
 */
export function registerIdempotency(app: FastifyInstance, db: Database, serverSecret: Uint8Array): void {
  app.decorateRequest('idempotencyClaim', undefined);
  app.addHook('onRoute', (route) => {
    if (!honoursIdempotencyKey(route)) return;
    const options: IdempotencyOptions = route.config?.idempotency || {};
    const routeName = `POST ${route.url}`;
    const bodyLimit = route.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === undefined) return;
      const organizationId = options.outsideOrganization ? null : request.tenant?.organizationId;
      if (organizationId === undefined) return;
      const identity = {
        organizationId,
        caller: request.apiTokenId ? `token:${request.apiTokenId}` : `staff:${request.staffId}`,
        route: routeName,
      };
      const sealing = options.sealedAnswer ? { ...identity, key } : undefined;
      const claim: ActiveClaim = { ...identity, key: sealing ? hashedIdempotencyKey(key) : key, sealing };
      const streamed = options.streamedBody && isStream(request.body) ? request.body : undefined;
      // A streamed body cannot be hashed before the handler reads it: the key is claimed first.
      const fingerprint = streamed ? null : fingerprintOf(request);
      if (await claimIdempotencyKey(db, claim, fingerprint)) {
        if (streamed) {
          const hashed = hashAsRead(request, streamed);
          request.body = hashed.body;
          claim.streamed = hashed;
        }
        request.idempotencyClaim = claim;
        return;
      }
      const stored = await readIdempotencyKey(db, claim);
      // No row: the first gave its key back a moment ago. No fingerprint: its body is still being read.
      if (!stored || stored.fingerprint === null) throw inFlight();
      if (!streamed && stored.fingerprint !== fingerprint) throw reused();
      if (stored.responseStatus === null || stored.responseBody === null) throw inFlight();
      if (streamed && stored.fingerprint !== (await hashToEnd(request, streamed, bodyLimit))) throw reused();
      const body = sealing ? openAnswer(serverSecret, sealing, stored.responseBody) : stored.responseBody;
      await options.beforeReplay?.(request, { status: stored.responseStatus, body });
      reply.code(stored.responseStatus).header('idempotent-replayed', 'true');
      if (stored.responseContentType) reply.header('content-type', stored.responseContentType);
      // A sealed answer shows a secret: no cache keeps it, as none kept the first.
      if (sealing) reply.header('cache-control', 'no-store');
      return reply.send(body);
    };
    const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      const status = reply.statusCode;
      // A streamed body the handler did not read to its end was not acted on: nothing to keep.
      const fingerprint = claim.streamed?.fingerprint();
      if (fingerprint === null) claim.streamed?.discard();
      if (status >= 500 || TRANSIENT.has(status) || typeof payload !== 'string' || fingerprint === null) {
        await releaseIdempotencyKey(db, claim);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await storeIdempotentAnswer(db, claim, {
        status,
        body: claim.sealing ? sealAnswer(serverSecret, claim.sealing, payload) : payload,
        contentType: typeof contentType === 'string' ? contentType : null,
        ...(fingerprint ? { fingerprint } : {}),
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
