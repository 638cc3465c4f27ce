import { type CsvValue, csvAmount, csvDateTime } from '@guichet/shared/csv';
import type { OrderSummary } from '@guichet/shared/orders';
import type { TFunction } from '../../lib/i18n';

/**
 * The orders as rows for a spreadsheet, with a header in the language in use, written by the shared CSV
 * module (`toCsv` of packages/shared/src/csv.ts with the reader's dialect): amounts are decimal cells from
 * minor units, with the currency beside them; dates are date cells in the event's time zone.
 */
export function orderRows(orders: readonly OrderSummary[], t: TFunction, timeZone: string): CsvValue[][] {
  const header = [
    t('orders.export.columns.code'),
    t('orders.export.columns.status'),
    t('orders.export.columns.buyerName'),
    t('orders.export.columns.buyerEmail'),
    t('orders.export.columns.tickets'),
    t('orders.export.columns.total'),
    t('orders.export.columns.currency'),
    t('orders.export.columns.payment'),
    t('orders.export.columns.channel'),
    t('orders.export.columns.createdAt'),
    t('orders.export.columns.paidAt'),
  ];
  return [
    header,
    ...orders.map((order) => [
      order.code,
      t(`orders.status.${order.status}`),
      order.buyerName,
      order.buyerEmail,
      order.ticketCount,
      csvAmount(order.totalMinor, order.currency),
      order.currency,
      t(`orders.payment.${order.paymentMethod}`),
      t(`orders.export.channel.${order.channel}`),
      csvDateTime(order.createdAt, timeZone),
      order.paidAt ? csvDateTime(order.paidAt, timeZone) : null,
    ]),
  ];
}
