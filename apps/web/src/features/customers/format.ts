import { formatMoney } from '@guichet/shared/money';
import { dateTimeFormat } from '../../lib/date-format';

const instants = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the staff member's language (formats cached: making one costs more than using it). */
export function formatInstant(instant: string, locale: string): string {
  let format = instants.get(locale);
  if (!format) {
    format = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    instants.set(locale, format);
  }
  return format.format(new Date(instant));
}

export function formatDay(instant: string, locale: string): string {
  let format = days.get(locale);
  if (!format) {
    format = dateTimeFormat(locale, { dateStyle: 'medium' });
    days.set(locale, format);
  }
  return format.format(new Date(instant));
}

/** Spend in each currency, or a dash when nothing was paid yet. */
export function formatSpend(spend: { currency: string; amountMinor: number }[], locale: string): string {
  if (spend.length === 0) return '—';
  return spend.map((money) => formatMoney(money.amountMinor, money.currency, locale)).join(' · ');
}
