import { ERROR_STATUS, type ErrorCode } from '@guichet/shared/errors';

/** An expected failure: its code decides the HTTP status through the shared catalogue. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    const status: number = ERROR_STATUS[this.code];
    return status >= 400 ? status : 400;
  }
}
