import { currentLocale } from '../../../lib/i18n';
import type { IntegrationsTFunction } from '../i18n';

/** A date and time in the language in use (the API sends ISO strings). */
export function formatDateTime(value: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

/** A webhook event type in words (`order.created` → "Order created"). */
export function eventTypeLabel(t: IntegrationsTFunction, type: string): string {
  const key = `integrations.webhooks.types.${type.replace('.', '_')}` as Parameters<IntegrationsTFunction>[0];
  const label = t(key);
  return label === key ? type : label;
}
