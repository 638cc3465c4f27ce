import { isApiError } from '../api-error';
import { i18n } from './index';

/** The translated message for any error thrown by the API client (or anything else). */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return i18n.t(`errors.${error.code}`);
  return i18n.t('errors.internal-error');
}
