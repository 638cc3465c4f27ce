import { minorToDecimal } from '@guichet/shared/money';
import type { OrderSummary } from '@guichet/shared/orders';
import type { TFunction } from '../../lib/i18n';

export type CsvValue = string | number | null;

/** Spreadsheets read UTF-8 without a byte order mark as their local code page, which garbles accents. */
export const UTF8_BOM = '\uFEFF';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): a buyer named
 * `=HYPERLINK(...)` must stay text. Tab and carriage return are in the list because some apps strip them
 * before looking at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, RFC 4180: quoted when it holds a separator, quote or line break; text formulas defused. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  // Numbers are our own (counts, amounts): a negative one is a number, not a formula.
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV document: CRLF line ends (RFC 4180) and a byte order mark. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  const lines = rows.map((row) => row.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * The orders as rows for a spreadsheet, with a header in the language in use. Amounts are plain decimals
 * ("12.50") with the currency beside them, so they stay numbers a spreadsheet can add up.
 */
export function orderRows(orders: readonly OrderSummary[], t: TFunction): CsvValue[][] {
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
      minorToDecimal(order.totalMinor, order.currency),
      order.currency,
      t(`orders.payment.${order.paymentMethod}`),
      t(`orders.export.channel.${order.channel}`),
      order.createdAt,
      order.paidAt,
    ]),
  ];
}
