import { codeForStatus, isApiError } from '../api-error';
import { type TranslationKey, t } from './index';

/**
 * The translated message for any error thrown by the API client (or anything else). Codes only staff meet
 * have their message in the back office's part of the catalogue, codes only buyers meet in the buyer's
 * part; the others in the core part.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return t('errors.internal-error');
  // A code this build has no message for (an API newer than the page) reads as its status says.
  for (const code of [error.code, codeForStatus(error.status)]) {
    for (const section of ['errors', 'backOfficeErrors', 'buyerErrors']) {
      const key = `${section}.${code}` as TranslationKey;
      const message = t(key);
      if (message !== key) return message;
    }
  }
  return t('errors.internal-error');
}
