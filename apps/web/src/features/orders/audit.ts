import type { OrderDetail } from '@guichet/shared/orders';
import type { TFunction, TranslationKey } from '../../lib/i18n';

type AuditEntry = OrderDetail['audit'][number];

/** The API's action codes and their strings (catalogue keys cannot hold the codes' dots). */
const ACTION_KEYS: Record<string, TranslationKey> = {
  'order.placed': 'orders.action.placed',
  'order.marked-paid': 'orders.action.markedPaid',
  'order.cancelled': 'orders.action.cancelled',
  'order.expired': 'orders.action.expired',
  'order.mail-resent': 'orders.action.mailResent',
  'ticket.attendee-changed': 'orders.action.attendeeChanged',
  'order.paid': 'orders.action.paid',
  'order.refunded': 'orders.action.refunded',
  'order.payment-refunded': 'orders.action.paymentRefunded',
  'order.refund-failed': 'orders.action.refundFailed',
};

/** The entry's action in words; an action this build does not know yet is still shown, by its code. */
export function auditAction(entry: AuditEntry, t: TFunction): string {
  const key = ACTION_KEYS[entry.action];
  return key ? t(key) : t('orders.action.other', { action: entry.action });
}

const field = (value: unknown, name: string): string | null => {
  if (!value || typeof value !== 'object') return null;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === 'string' ? found : null;
};

/**
 * The "what" of an entry when its before/after says more than the action: the reason of a cancellation,
 * the old and new attendee name, the address an e-mail went to.
 */
export function auditDetail(entry: AuditEntry, unnamed: string): string | null {
  switch (entry.action) {
    case 'order.cancelled':
      return field(entry.after, 'reason');
    case 'ticket.attendee-changed':
      return `${field(entry.before, 'attendeeName') ?? unnamed} → ${field(entry.after, 'attendeeName') ?? unnamed}`;
    case 'order.mail-resent':
      return field(entry.after, 'to');
    case 'order.refunded':
      return field(entry.after, 'reason');
    case 'order.refund-failed':
      return field(entry.after, 'message');
    default:
      return null;
  }
}
