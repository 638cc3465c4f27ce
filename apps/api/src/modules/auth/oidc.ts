import { createHmac, randomBytes } from 'node:crypto';
import type { ErrorCode } from '@guichet/shared/errors';
import { OIDC_MESSAGE_TYPE, type OidcResult } from '@guichet/shared/sign-in-options';
import * as client from 'openid-client';
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
const HTTP_TIMEOUT_SECONDS = 10;

type Mode = 'popup' | 'redirect';

/**
 * The provider's configuration (discovery document, keys) through `openid-client`, fetched once per
 * issuer (a failed fetch is retried next time). ID tokens are verified with the provider's keys too
 * (non-repudiation checks), not only by their claims. Plain HTTP is allowed for a provider on this machine
 * only (development, tests); any other must be HTTPS.
 */
const configurations = new Map<string, Promise<client.Configuration>>();

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function discover(provider: OidcProviderConfig): Promise<client.Configuration> {
  let promise = configurations.get(provider.issuer);
  if (!promise) {
    const issuer = new URL(provider.issuer);
    promise = client
      .discovery(issuer, provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret), {
        timeout: HTTP_TIMEOUT_SECONDS,
        ...(issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      })
      .then((configuration) => {
        client.enableNonRepudiationChecks(configuration);
        return configuration;
      });
    configurations.set(provider.issuer, promise);
    promise.catch(() => configurations.delete(provider.issuer));
  }
  return promise;
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
  let configuration: client.Configuration;
  try {
    configuration = await discover(provider);
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
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(ctx, provider),
    scope: 'openid email profile',
    state,
    nonce: derive(ctx, 'nonce', state),
    code_challenge: await client.calculatePKCECodeChallenge(derive(ctx, 'pkce', state)),
    code_challenge_method: 'S256',
    ...(input.mode === 'popup' ? { display: 'popup' } : {}),
  });
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

/**
 * The provider's answer (code, state, and `iss` where the provider sends it) for tokens, through
 * `openid-client`: PKCE verifier, state and nonce checked, ID token verified (keys, issuer, audience,
 * expiry); the e-mail from the token, else from userinfo.
 */
async function exchange(
  ctx: AppContext,
  provider: OidcProviderConfig,
  state: string,
  answer: Record<string, string>,
): Promise<Claims> {
  const configuration = await discover(provider);
  const callback = new URL(redirectUri(ctx, provider));
  callback.search = new URLSearchParams(answer).toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: derive(ctx, 'pkce', state),
      expectedState: state,
      expectedNonce: derive(ctx, 'nonce', state),
      idTokenExpected: true,
    });
  } catch {
    throw invalidEvent('The sign-in provider refused the sign-in, or its ID token is not valid.');
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw invalidEvent('The sign-in provider sent no ID token.');
  let claims = readClaims(idClaims);
  if (!claims.email && claims.sub && configuration.serverMetadata().userinfo_endpoint) {
    const info = await client
      .fetchUserInfo(configuration, tokens.access_token, claims.sub)
      .catch(() => ({}) as Record<string, unknown>);
    claims = { ...claims, ...readClaims(info) };
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
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined } & Record<
    string,
    unknown
  >,
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
    const answer = Object.fromEntries(
      Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const claims = await exchange(ctx, provider, query.state, answer);
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
