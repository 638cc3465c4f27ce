import type { ErrorCode } from '@guichet/shared/errors';

/**
 * Error codes only staff meet in the back office: their messages live in the back office's part of the
 * catalogue, so the sign-in and buyer pages do not download them. Every other code's message is in the
 * core part. Types only: nothing of this reaches a bundle.
 */
export type BackOfficeErrorCode = Extract<
  ErrorCode,
  | 'organization-required'
  | 'organization-already-set'
  | 'last-admin'
  | 'already-member'
  | 'invitation-invalid'
  | 'invitation-expired'
  | 'two-factor-required'
  | 'unsupported-file-type'
  | 'capacity-below-sold'
  | 'invalid-status-transition'
  | 'no-ticket-types'
  | 'event-not-ended'
  | 'has-sales'
  | 'invalid-order-status'
  | 'payment-account-missing'
  | 'refund-exceeds-paid'
  | 'ticket-not-refundable'
  | 'period-closed'
  | 'already-matched'
  | 'object-not-found'
  | 'unauthorized'
  | 'quota-exceeded'
  | 'retry-limit-exceeded'
  | 'not-ready'
  | 'idempotency-in-flight'
  | 'api-token-gone'
  | 'webhook-url-not-allowed'
>;

/** Codes only a buyer of members-only tickets meets: their messages live in the buyer's part. */
export type BuyerErrorCode = Extract<
  ErrorCode,
  | 'member-code-required'
  | 'member-code-invalid'
  | 'member-code-expired'
  | 'member-code-used'
  | 'member-not-listed'
  | 'member-limit-reached'
>;

export type CoreErrorCode = Exclude<ErrorCode, BackOfficeErrorCode | BuyerErrorCode>;
