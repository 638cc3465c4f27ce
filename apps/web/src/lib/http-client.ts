/**
 * The one HTTP client of the web app (timeouts, retries, error mapping, the bearer token and the
 * organisation header), with no session attached. Its instances: the back office's in `api-client.ts`, on
 * the persisted session (`session/session-client.ts`, which the door scanner uses too, with its own 401
 * rule), and `public-api.ts` for the calls made without a session (sign-in pages, the buyer's pages).
 */
import { ApiError, errorFromBody, parseRetryAfter } from './api-error';

/** Spec §9 and PRODUCT.md limits. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
export const MAX_ATTEMPTS = 3;
/** A file sent or read (a logo, a cover image) may take a while on a phone's network. */
export const FILE_TIMEOUT_MS = 60_000;
const BACKOFF_BASE_MS = 400;
/** A server asking to wait longer than this is not retried automatically. */
const MAX_RETRY_AFTER_MS = 30_000;

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a `Blob` (a chosen file) is sent as its bytes, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** `false` turns off retries even for an idempotent method. */
  retry?: boolean;
  /** `false` sends no `Authorization` header and does not refresh the token first. */
  auth?: boolean;
  /** This call's organisation instead of the client's (the scanner works for several); `null` sends none. */
  organizationId?: string | null;
  /** More headers for this call (the buyer's `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** This call's deadline instead of the client's (a scan at the door must not wait 15 s). */
  timeoutMs?: number;
  /** `blob`: the answer is a file's bytes, not JSON. */
  responseType?: 'json' | 'blob';
}

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ApiClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  getAccessToken(): Promise<string | null>;
  getOrganizationId(): string | null;
  /** Called on every 401 response. */
  onUnauthorized(): void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
}

export function defaultApiBaseUrl(env: { VITE_API_URL?: string; DEV?: boolean }): string {
  const configured = env.VITE_API_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return env.DEV ? 'http://localhost:4000/api' : '/api';
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return error.code === 'network-request-failed' || error.code === 'request-timeout';
  return RETRY_STATUSES.has(error.status);
}

export function createApiClient(deps: ApiClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;

  /** The token (refreshed first when it is about to expire) and the organisation a call carries. */
  async function authHeaders(options: CallOptions = {}): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (options.auth !== false) {
      const token = await deps.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const organizationId =
      options.organizationId === undefined ? deps.getOrganizationId() : options.organizationId;
    if (organizationId) headers['X-Organization-ID'] = organizationId;
    return headers;
  }

  async function attempt<T>(path: string, method: HttpMethod, options: RequestOptions): Promise<T> {
    const { body } = options;
    const bytes = body instanceof Blob;
    const headers: Record<string, string> = {
      Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
      ...(await authHeaders(options)),
      ...options.headers,
    };
    if (body !== undefined)
      headers['Content-Type'] = bytes ? body.type || 'application/octet-stream' : 'application/json';

    const timeoutMs = options.timeoutMs ?? deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined || bytes ? body : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, 'request-timeout', `No answer within ${timeoutMs} ms`);
      if (options.signal?.aborted) throw error;
      throw new ApiError(
        0,
        'network-request-failed',
        error instanceof Error ? error.message : 'Network error',
      );
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (response.status === 401) {
      deps.onUnauthorized();
      throw errorFromBody(401, await readJson(response));
    }
    if (!response.ok) {
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now());
      throw errorFromBody(response.status, await readJson(response), retryAfter);
    }
    if (response.status === 204 || method === 'HEAD') return undefined as T;
    if (options.responseType === 'blob') return (await response.blob()) as T;
    return (await readJson(response)) as T;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const retries = options.retry !== false && IDEMPOTENT_METHODS.has(method);
    for (let attemptNumber = 1; ; attemptNumber++) {
      try {
        return await attempt<T>(path, method, options);
      } catch (error) {
        if (!retries || attemptNumber >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        const retryAfter = (error as ApiError).retryAfterMs;
        if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS) throw error;
        const backoff = BACKOFF_BASE_MS * 2 ** (attemptNumber - 1) * (1 + random() * 0.25);
        await sleep(Math.max(retryAfter ?? 0, backoff));
        if (options.signal?.aborted) throw error;
      }
    }
  }

  return {
    request,
    authHeaders,
    get: <T>(path: string, options?: CallOptions) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: CallOptions) =>
      request<T>(path, { ...options, method: 'POST', body }),
    patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    put: <T>(path: string, body?: unknown, options?: CallOptions) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, body?: unknown, options?: CallOptions) =>
      request<T>(path, { ...options, method: 'DELETE', body }),
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const API_BASE_URL = defaultApiBaseUrl(import.meta.env ?? {});

export const fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args);
