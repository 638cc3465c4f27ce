import { isApiError } from './api-error';

/** For a form: the `{ path, message }` list of an `argument-error`, keyed by the first path segment. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.code !== 'argument-error' || !Array.isArray(error.details)) return {};
  const result: Record<string, string> = {};
  for (const item of error.details as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    const key = Array.isArray(path) ? String(path[0] ?? '') : String(path ?? '');
    if (key && typeof message === 'string' && !result[key]) result[key] = message;
  }
  return result;
}

/** The body fields a 400 `argument-error` names (its details' paths are `body.<field>`), for a form to mark. */
export function refusedFields(error: unknown): string[] {
  return Object.keys(fieldErrors(error)).map((path) => path.replace(/^body\./, ''));
}
