/**
 * The one catalogue of error codes. The API answers `{ error: { code, message, details? } }` with the
 * status given here; the web app has a message for every code in every language.
 */
export const ERROR_STATUS = {
  // Requests
  'argument-error': 400,
  /** NUL bytes or unpaired surrogates in a path, query, header or body: text that cannot be stored. */
  'invalid-characters': 400,
  'payload-too-large': 413,
  'route-not-found': 404,
  'not-found': 404,
  'internal-error': 500,
  /** Readiness: the database does not answer, migrations are missing, or the process is shutting down. */
  'not-ready': 503,
  'network-request-failed': 0,
  'request-timeout': 0,
  // Session and identity
  unauthenticated: 401,
  'token-expired': 401,
  'invalid-credential': 400,
  'invalid-password': 400,
  'email-already-in-use': 409,
  'user-not-found': 404,
  'user-mismatch': 400,
  'password-does-not-meet-requirements': 400,
  'too-many-attempts': 429,
  'invalid-code': 400,
  'expired-code': 400,
  'multi-factor-auth-required': 401,
  'popup-blocked': 0,
  'popup-closed-by-user': 0,
  'cancelled-popup-request': 0,
  'web-storage-unsupported': 0,
  'unauthorized-domain': 403,
  'invalid-auth-event': 400,
  'invalid-api-key': 400,
  'auth-domain-config-required': 400,
  'captcha-check-failed': 400,
  // Organisations and permissions
  'organization-required': 400,
  forbidden: 403,
  'organization-already-set': 409,
  /** The last ALL holder of an organisation with other staff cannot leave, be removed or be demoted. */
  'last-admin': 409,
  'already-member': 409,
  'invitation-invalid': 404,
  'invitation-expired': 410,
  'registration-closed': 403,
  'two-factor-required': 403,
  'unsupported-file-type': 415,
  'provider-not-found': 404,
  // Events
  /** A capacity cannot go below what is already sold or held. */
  'capacity-below-sold': 409,
  'invalid-status-transition': 409,
  'no-ticket-types': 409,
  'event-not-ended': 409,
  /** A ticket type or pool with sold or held tickets cannot be removed or moved. */
  'has-sales': 409,
  // Orders
  /** Not enough places left on a ticket type or its capacity pool. */
  'sold-out': 409,
  /** An Idempotency-Key already used with another request body. */
  'idempotency-key-reused': 422,
  /** The first request with this Idempotency-Key is still being processed. */
  'request-in-progress': 409,
  /** Another request with this Idempotency-Key (any route but the checkout's) has not answered yet. */
  'idempotency-in-flight': 409,
  /** The API token an Idempotency-Key created has since been revoked or has expired: not shown again. */
  'api-token-gone': 410,
  /** The order's status does not allow this change (e.g. cancelling a cancelled order). */
  'invalid-order-status': 409,
  // Members-only ticket types (decision 028)
  /** A members-only ticket type ordered without the one-time code mailed to the buyer's address. */
  'member-code-required': 400,
  /** A code that is wrong, not this address's, or has had too many wrong tries (all the same answer). */
  'member-code-invalid': 400,
  /** The right code, too late: ask for a new one. */
  'member-code-expired': 400,
  /** The right code, already used for an order. */
  'member-code-used': 409,
  /** The address is not (or no longer) a valid member of a list this ticket type admits. */
  'member-not-listed': 403,
  /** The member already holds as many tickets of this type as one member may. */
  'member-limit-reached': 409,
  // Payments
  /** Card payments are not configured, or the organisation's Stripe account cannot take charges yet. */
  'card-payments-unavailable': 409,
  /** The organisation has not started Stripe onboarding yet. */
  'payment-account-missing': 409,
  /** Stripe refused or did not answer; nothing was charged or changed on our side. */
  'payment-provider-error': 502,
  /** A webhook whose signature does not verify with the signing secret. */
  'invalid-webhook-signature': 400,
  /** A webhook URL whose host is, or resolves to, a loopback, private or reserved address. */
  'webhook-url-not-allowed': 400,
  /** A refund larger than what is left of what the order paid. */
  'refund-exceeds-paid': 422,
  /** A ticket to refund is not a valid ticket of this order (already refunded or cancelled). */
  'ticket-not-refundable': 409,
  // Payouts and closed periods
  /** The date falls inside a closed accounting period: nothing may be added or matched there any more. */
  'period-closed': 409,
  /** A balance transaction already matched, or a ledger row already explaining another one. */
  'already-matched': 409,
  // Check-in
  /** One scan or snapshot named check-in lists of different events. */
  'lists-of-several-events': 400,
  'checkin-already-undone': 409,
  'conflict-already-resolved': 409,
  // Storage
  'object-not-found': 404,
  unauthorized: 403,
  'quota-exceeded': 413,
  'retry-limit-exceeded': 503,
  canceled: 499,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ApiErrorBody {
  /** `requestId` comes with failures on the server's side (5xx): it leads to the request's log lines. */
  error: { code: ErrorCode; message: string; details?: unknown; requestId?: string };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
