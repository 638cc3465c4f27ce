import { isApiError } from '../api-error';
import { t } from './index';

/** The translated message for any error thrown by the API client (or anything else). */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return t(`errors.${error.code}`);
  return t('errors.internal-error');
}
