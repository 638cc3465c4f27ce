import { fieldErrors } from './api-error';

/** The body fields a 400 `argument-error` names (its details' paths are `body.<field>`), for a form to mark. */
export function refusedFields(error: unknown): string[] {
  return Object.keys(fieldErrors(error)).map((path) => path.replace(/^body\./, ''));
}
