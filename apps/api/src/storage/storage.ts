import { AppError } from '../errors';

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface OperationOptions {
  /** Aborting it ends the operation with `canceled`. */
  signal?: AbortSignal;
}

/**
 * Where file bytes live. Failures are AppErrors with the spec's storage codes: `object-not-found`,
 * `unauthorized` (the backend refused our credentials), `quota-exceeded`, `canceled`,
 * `retry-limit-exceeded` (the backend did not answer in time).
 */
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string, options?: OperationOptions): Promise<void>;
  get(key: string, options?: OperationOptions): Promise<StoredObject>;
  /** Deleting a missing object is not an error. */
  delete(key: string, options?: OperationOptions): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of safe segments: no `..`, no leading slash, no odd characters. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 512 || key.split('/').some((segment) => segment.includes('..'))) {
    throw new AppError('argument-error', 'Invalid storage key.');
  }
}

export const storageErrors = {
  notFound: () => new AppError('object-not-found', 'The file could not be found.'),
  unauthorized: () => new AppError('unauthorized', 'The storage refused access.'),
  quota: () => new AppError('quota-exceeded', 'The storage quota is exceeded.'),
  canceled: () => new AppError('canceled', 'The storage operation was cancelled.'),
  timeout: () => new AppError('retry-limit-exceeded', 'The storage did not answer in time.'),
};
