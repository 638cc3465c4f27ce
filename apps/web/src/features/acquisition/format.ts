import { formatMoney } from '@guichet/shared/money';
import type { TFunction, TranslationKey } from '../../lib/i18n';

const KNOWN_CHANNELS = new Set([
  'direct',
  'search',
  'social',
  'referral',
  'email',
  'poster',
  'partner',
  'ads',
  'press',
]);

/** A channel's name: ours translated, the organiser's own as they wrote it. */
export function channelLabel(channel: string, t: TFunction): string {
  return KNOWN_CHANNELS.has(channel) ? t(`acquisition.channels.${channel}` as TranslationKey) : channel;
}

/** A rate in [0, 1] as a percentage with one decimal, or a dash when there was nothing to divide. */
export function formatRate(rate: number | null, locale: string): string {
  if (rate === null) return '–';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(count);
}

/** Revenue in each currency sold in, or a dash. */
export function formatRevenue(amounts: { currency: string; amountMinor: number }[], locale: string): string {
  if (amounts.length === 0) return '–';
  return amounts.map((amount) => formatMoney(amount.amountMinor, amount.currency, locale)).join(' · ');
}
