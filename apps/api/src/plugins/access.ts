import { API_ACCESS, type ApiAction } from '@guichet/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { apiTokenAdmission, isApiToken } from './api-tokens';
import { bearerToken, type Guard, signedIn, VerifiedTokens } from './auth';
import { organizationIdOf, organizationScope } from './tenancy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: its entry of `API_ACCESS` (packages/shared/src/permissions.ts). */
    access?: ApiAction;
    /**
     * For signed-in routes that expose no organisation data and are called key by key (place search):
     * that the account still exists is remembered for a few seconds (see `signedIn`).
     */
    rememberAccount?: boolean;
    /**
     * For the scanner's redeem (decision 019): the handler reads the membership in the same statement as
     * the scan and applies the same rule to it (`admitMember`). Before the body is read, only the token
     * (its verification remembered, see `VerifiedTokens`) and X-Organization-ID are checked; a body that
     * fails validation gets the full organisation scope first, so that a caller without the permission
     * still hears 403 rather than the schema's details. An API token is admitted by the guard as on any
     * other route; the handler then takes its permissions instead of reading a membership.
     */
    membershipReadByHandler?: boolean;
  }
}

const REMEMBER_ACCOUNT_MS = 10_000;

const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Installs, on every route registered after it in `app`, the check its `config.access` names, as an
 * `onRequest` hook: before the body is read or validated, so an anonymous call hears 401 and a caller
 * without the permission 403, never the schema's details. A route that names no entry stops the app
 * from starting.
 */
export function registerAccess(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // One cache of verified signatures for every guard of the app: a client's token is verified once.
  const tokens = new VerifiedTokens(ctx.config.jwtSecret);
  const admitApiToken = apiTokenAdmission(db, ctx.limiters.apiToken);

  app.addHook('onRoute', (route) => {
    const action = route.config?.access;
    if (!action || !Object.hasOwn(API_ACCESS, action)) {
      throw new Error(`${route.method} ${route.url}: config.access must name an entry of API_ACCESS`);
    }
    const access = API_ACCESS[action];
    let guard: Guard;
    switch (access.kind) {
      case 'public':
        return;
      case 'signed-in':
        guard = signedIn(db, tokens, route.config?.rememberAccount ? REMEMBER_ACCOUNT_MS : 0);
        break;
      case 'staff':
      case 'permission': {
        const scope = organizationScope(db, tokens, access, admitApiToken);
        if (!route.config?.membershipReadByHandler) {
          guard = scope;
          break;
        }
        guard = async (request) => {
          const bearer = bearerToken(request);
          // Door hardware with an API token (decision 034): the token's own admission, a read of its
          // own; a staff member's scan goes on unchanged, its membership read with the scan.
          if (isApiToken(bearer)) return admitApiToken(request, bearer, access);
          const claims = await tokens.claimsOf(bearer);
          request.staffId = claims.staffId;
          request.sessionGeneration = claims.sessionGeneration;
          organizationIdOf(request);
        };
        route.attachValidation = true;
        route.preHandler = [
          async (request: FastifyRequest) => {
            if (!request.validationError) return;
            if (!request.apiTokenId) await scope(request);
            throw request.validationError;
          },
          ...hooksOf(route.preHandler),
        ];
        break;
      }
    }
    route.onRequest = [guard, ...hooksOf(route.onRequest)];
  });
}
