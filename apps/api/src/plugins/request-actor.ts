import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who acts in a request beyond its staff member: the API token it came with (decision 034). Held in the
 * request's async context so that the audit, written deep in services that never see the request, names
 * the token without every service passing it along.
 */
interface RequestActor {
  apiTokenId: string | null;
}

const actorOfRequest = new AsyncLocalStorage<RequestActor>();

/** Opens each request's actor; registered before the routes' access checks, which fill it in. */
export function registerRequestActor(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    actorOfRequest.run({ apiTokenId: null }, done);
  });
}

/** Notes that this request acts through an API token; called by the token's guard once it is admitted. */
export function noteApiToken(apiTokenId: string): void {
  const actor = actorOfRequest.getStore();
  if (actor) actor.apiTokenId = apiTokenId;
}

/** The API token the current request acts through, or null for a staff member's own session. */
export function currentApiTokenId(): string | null {
  return actorOfRequest.getStore()?.apiTokenId ?? null;
}
