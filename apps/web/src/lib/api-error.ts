import type { ErrorCode } from '@guichet/shared/errors';

/** Every failed call of the API client ends as one of these. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  /** From a `Retry-After` header, in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code to use when a response carries none we know. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'argument-error';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 408:
      return 'request-timeout';
    case 409:
      return 'organization-already-set';
    case 413:
      return 'payload-too-large';
    case 429:
      return 'too-many-attempts';
    default:
      return 'internal-error';
  }
}

/**
 * Whether `value` has the shape of an error code. The web app does not ship the API's list of codes with their
 * statuses (it would weigh on the sign-in pages); a code it has no message for reads as an internal error.
 */
export function looksLikeErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);
}

/** Reads `{ error: { code, message, details } }`; anything else is described by the status alone. */
export function errorFromBody(status: number, body: unknown, retryAfterMs?: number): ApiError {
  const error =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as { code?: unknown; message?: unknown; details?: unknown })
      : undefined;
  const code = looksLikeErrorCode(error?.code) ? error.code : codeForStatus(status);
  const message = typeof error?.message === 'string' ? error.message : `Request failed with status ${status}`;
  return new ApiError(status, code, message, error?.details, retryAfterMs);
}

/** `Retry-After` is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
