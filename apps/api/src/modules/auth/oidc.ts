import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { ErrorCode } from '@guichet/shared/errors';
import { OIDC_MESSAGE_TYPE, type OidcResult } from '@guichet/shared/sign-in-options';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { OidcProviderConfig } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sha256 } from '../../tokens';
import { assertRegistrationAllowed } from '../settings/settings.service';
import * as repository from './auth.repository';
import { NO_PASSWORD } from './passwords';
import { beginSession } from './second-factor';
import { type ClientMeta, type IssuedSession, toLocale } from './sessions';
import * as signInRepository from './sign-in.repository';

const STATE_TTL_MS = 10 * 60_000;
const HTTP_TIMEOUT_MS = 10_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

type Mode = 'popup' | 'redirect';

/** Discovery documents and key sets, fetched once per issuer (a failed fetch is retried next time). */
const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

function discover(provider: OidcProviderConfig): Promise<Discovery> {
  let promise = discoveries.get(provider.issuer);
  if (!promise) {
    promise = (async () => {
      const url = `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const document = await fetchJson(url);
      for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
        if (typeof document[field] !== 'string') throw new Error(`${url} has no ${field}`);
      }
      if (document.issuer !== provider.issuer) {
        throw new Error(`${url} names the issuer ${String(document.issuer)}, not ${provider.issuer}`);
      }
      return document as unknown as Discovery;
    })();
    discoveries.set(provider.issuer, promise);
    promise.catch(() => discoveries.delete(provider.issuer));
  }
  return promise;
}

function keySet(discovery: Discovery) {
  let set = keySets.get(discovery.jwks_uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(discovery.jwks_uri));
    keySets.set(discovery.jwks_uri, set);
  }
  return set;
}

export function findProvider(ctx: AppContext, id: string): OidcProviderConfig {
  const provider = ctx.config.oidcProviders.find((entry) => entry.id === id);
  if (!provider) throw new AppError('provider-not-found', 'This sign-in provider is not configured.');
  return provider;
}

/** The nonce and the PKCE verifier derive from the state with the app's secret: nothing to keep but a hash. */
const derive = (ctx: AppContext, purpose: string, state: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`oidc-${purpose}:${state}`).digest('base64url');

const redirectUri = (ctx: AppContext, provider: OidcProviderConfig) =>
  `${ctx.config.publicUrl}/api/auth/oidc/${provider.id}/callback`;

/** Only a path of this site may follow a sign-in. */
export function safeNext(next: string | undefined): string | undefined {
  if (next === undefined || next === '') return undefined;
  if (!/^\/(?![/\\])/.test(next) || /[\\\s]/.test(next)) {
    throw new AppError('unauthorized-domain', 'Signing in may only lead to a page of this site.');
  }
  return next;
}

/** Starts the authorization code flow (PKCE S256, state, nonce); answers the provider's address. */
export async function startSignIn(
  ctx: AppContext,
  providerId: string,
  input: { mode: Mode; next?: string | undefined },
): Promise<string> {
  const provider = findProvider(ctx, providerId);
  const next = safeNext(input.next);
  let discovery: Discovery;
  try {
    discovery = await discover(provider);
  } catch {
    throw new AppError('auth-domain-config-required', 'The sign-in provider cannot be reached.');
  }
  const state = randomBytes(32).toString('base64url');
  await signInRepository.insertSignInToken(ctx.db, {
    kind: 'oidc-state',
    tokenHash: sha256(state),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
    data: JSON.stringify({ provider: provider.id, mode: input.mode, next }),
  });
  const url = new URL(discovery.authorization_endpoint);
  const challenge = createHash('sha256')
    .update(derive(ctx, 'pkce', state))
    .digest('base64url');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri(ctx, provider),
    scope: 'openid email profile',
    state,
    nonce: derive(ctx, 'nonce', state),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(input.mode === 'popup' ? { display: 'popup' } : {}),
  }).toString();
  return url.toString();
}

export interface CallbackOutcome {
  mode: Mode | undefined;
  next: string | undefined;
  result: OidcResult;
  issued?: IssuedSession;
}

interface Claims {
  sub: string;
  email?: string;
  verified: boolean;
  name?: string;
  locale?: string;
}

const invalidEvent = (message = 'The sign-in could not be completed.') =>
  new AppError('invalid-auth-event', message);

function readClaims(source: Record<string, unknown>): Partial<Claims> {
  const verified = source.email_verified;
  return {
    ...(typeof source.sub === 'string' ? { sub: source.sub } : {}),
    ...(typeof source.email === 'string' ? { email: source.email.trim().toLowerCase() } : {}),
    verified: verified === true || verified === 'true',
    ...(typeof source.name === 'string' ? { name: source.name } : {}),
    ...(typeof source.locale === 'string' ? { locale: source.locale } : {}),
  };
}

/** Code for tokens, ID token verified (keys, issuer, audience, nonce), e-mail from the token or userinfo. */
async function exchange(
  ctx: AppContext,
  provider: OidcProviderConfig,
  state: string,
  code: string,
): Promise<Claims> {
  const discovery = await discover(provider);
  const basic = Buffer.from(
    `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
  ).toString('base64');
  let tokens: Record<string, unknown>;
  try {
    tokens = await fetchJson(discovery.token_endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(ctx, provider),
        code_verifier: derive(ctx, 'pkce', state),
      }).toString(),
    });
  } catch {
    throw invalidEvent('The sign-in provider refused the sign-in.');
  }
  if (typeof tokens.id_token !== 'string') throw invalidEvent('The sign-in provider sent no ID token.');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(tokens.id_token, keySet(discovery), {
      issuer: discovery.issuer,
      audience: provider.clientId,
    }));
  } catch {
    throw invalidEvent('The ID token of the sign-in provider is not valid.');
  }
  if (payload.nonce !== derive(ctx, 'nonce', state))
    throw invalidEvent('The ID token is not for this sign-in.');
  let claims = readClaims(payload);
  if (!claims.email && discovery.userinfo_endpoint && typeof tokens.access_token === 'string') {
    const info = await fetchJson(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    }).catch(() => ({}) as Record<string, unknown>);
    if (info.sub === claims.sub) claims = { ...claims, ...readClaims(info) };
  }
  if (!claims.sub) throw invalidEvent('The ID token names no subject.');
  return claims as Claims;
}

/** Signs the holder of the third-party account in: linked account, or verified e-mail, or a new account. */
async function staffFor(ctx: AppContext, providerId: string, claims: Claims): Promise<repository.StaffRow> {
  const identity = await signInRepository.findIdentity(ctx.db, providerId, claims.sub);
  if (identity) {
    const row = await repository.findStaffById(ctx.db, identity.staffId);
    if (!row) throw invalidEvent();
    await signInRepository.touchIdentity(ctx.db, identity.id, claims.email ?? identity.email);
    return row;
  }
  if (!claims.email || !claims.verified) {
    throw new AppError(
      'user-mismatch',
      'The sign-in provider has not verified this e-mail address, so it cannot be linked to an account.',
    );
  }
  let row = await repository.findStaffByEmail(ctx.db, claims.email);
  if (!row) {
    // Same rule as sign-up: with invite-only registration, only a pending invitation lets a new person in.
    await assertRegistrationAllowed(ctx, claims.email);
    row =
      (await signInRepository.insertStaffWithoutPassword(ctx.db, {
        email: claims.email,
        displayName: (claims.name?.trim() || claims.email.split('@')[0] || claims.email).slice(0, 120),
        locale: toLocale((claims.locale ?? '').slice(0, 2).toLowerCase()),
        passwordHash: NO_PASSWORD,
      })) ?? (await repository.findStaffByEmail(ctx.db, claims.email));
    if (!row) throw invalidEvent();
  }
  await signInRepository.insertIdentity(ctx.db, {
    staffId: row.id,
    provider: providerId,
    subject: claims.sub,
    email: claims.email,
  });
  return row;
}

/** The provider sends the browser back here; every failure becomes a result with the spec's code. */
export async function completeSignIn(
  ctx: AppContext,
  providerId: string,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
  meta: ClientMeta,
  log: { warn(object: unknown, message: string): void },
): Promise<CallbackOutcome> {
  let mode: Mode | undefined;
  let next: string | undefined;
  const fail = (code: ErrorCode): CallbackOutcome => ({
    mode,
    next,
    result: { type: OIDC_MESSAGE_TYPE, status: 'error', code },
  });
  try {
    if (!query.state) throw invalidEvent();
    const stateRow = await signInRepository.consumeSignInToken(ctx.db, 'oidc-state', sha256(query.state));
    if (!stateRow?.data) throw invalidEvent('This sign-in has expired or was already used.');
    const data = JSON.parse(stateRow.data) as { provider: string; mode: Mode; next?: string };
    mode = data.mode;
    next = data.next;
    if (data.provider !== providerId) throw invalidEvent();
    const provider = findProvider(ctx, providerId);
    if (query.error || !query.code) throw invalidEvent('The sign-in was cancelled or refused.');
    const claims = await exchange(ctx, provider, query.state, query.code);
    const row = await staffFor(ctx, providerId, claims);
    const outcome = await beginSession(ctx, row, meta);
    if (outcome.kind === 'challenge') {
      return {
        mode,
        next,
        result: {
          type: OIDC_MESSAGE_TYPE,
          status: 'error',
          code: 'multi-factor-auth-required',
          challenge: outcome.challenge,
        },
      };
    }
    return { mode, next, result: { type: OIDC_MESSAGE_TYPE, status: 'ok' }, issued: outcome.issued };
  } catch (error) {
    if (error instanceof AppError) return fail(error.code);
    log.warn({ err: error }, 'third-party sign-in failed');
    return fail('invalid-auth-event');
  }
}
