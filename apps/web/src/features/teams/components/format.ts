import { dateTimeFormat } from '../../../lib/date-format';
import { currentLocale } from '../../../lib/i18n';

/** A date and time in the language in use (the API sends ISO strings). */
export function formatDateTime(value: string): string {
  return dateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatDate(value: string): string {
  return dateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(new Date(value));
}
