import { type CsvValue, csvAmount, csvDialect, toCsv } from '@guichet/shared/csv';
import type { CustomerSummary } from '@guichet/shared/customers';
import type { TFunction } from '../../lib/i18n';

/** Saves bytes under a file name, as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The ticked customers as CSV, made in the browser with the shared CSV writer (the same conventions as the
 * server's export of a filtered set: French gets semicolons and decimal commas, formulas are defused).
 */
export function selectedCsv(customers: CustomerSummary[], locale: string, t: TFunction): Blob {
  const header: CsvValue[] = [
    t('customers.columns.name'),
    t('customers.columns.email'),
    t('customers.columns.phone'),
    t('customers.columns.tags'),
    t('customers.columns.consent'),
    t('customers.columns.orders'),
    t('customers.columns.tickets'),
    t('customers.columns.spend'),
    t('customers.columns.currency'),
  ];
  const rows = customers.map((customer): CsvValue[] => {
    const [main] = customer.totals.spend;
    return [
      customer.name,
      customer.email,
      customer.phone,
      customer.tags.join(', '),
      customer.consent ? t(`customers.consent.${customer.consent}`) : '',
      customer.totals.orderCount,
      customer.totals.ticketCount,
      main ? csvAmount(main.amountMinor, main.currency) : 0,
      main?.currency ?? '',
    ];
  });
  return new Blob([toCsv([header, ...rows], csvDialect(locale))], { type: 'text/csv;charset=utf-8' });
}
