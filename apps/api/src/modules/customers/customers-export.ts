import { CSV_BOM, type CsvValue, csvAmount, csvDateTime, csvDialect, csvRow } from '@guichet/shared/csv';
import type { CustomerSummary, exportCustomersQuerySchema } from '@guichet/shared/customers';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { organizationTimeZone } from './customers.repository';
import { checkFilters, customerPage } from './customers.service';

/** Rows read per page: the export streams, so memory stays flat however many customers match. */
const EXPORT_PAGE = 500;

const HEADERS = {
  en: [
    'Name',
    'E-mail',
    'Phone',
    'Language',
    'Tags',
    'Marketing consent',
    'First seen',
    'Last seen',
    'Orders',
    'Tickets',
    'Spend',
    'Currency',
    'Other currencies',
    'Events attended',
    'Check-ins',
  ],
  fr: [
    'Nom',
    'E-mail',
    'Téléphone',
    'Langue',
    'Étiquettes',
    'Consentement marketing',
    'Première visite',
    'Dernière visite',
    'Commandes',
    'Billets',
    'Dépenses',
    'Devise',
    'Autres devises',
    'Événements suivis',
    'Entrées',
  ],
} as const;

const CONSENT_WORDS = {
  en: { granted: 'yes', withdrawn: 'withdrawn', none: '' },
  fr: { granted: 'oui', withdrawn: 'retiré', none: '' },
} as const;

function row(customer: CustomerSummary, locale: 'en' | 'fr', timeZone: string): CsvValue[] {
  const [main, ...others] = customer.totals.spend;
  return [
    customer.name,
    customer.email,
    customer.phone,
    customer.language,
    customer.tags.join(', '),
    CONSENT_WORDS[locale][customer.consent ?? 'none'],
    csvDateTime(customer.firstSeenAt, timeZone),
    csvDateTime(customer.lastSeenAt, timeZone),
    customer.totals.orderCount,
    customer.totals.ticketCount,
    main ? csvAmount(main.amountMinor, main.currency) : 0,
    main?.currency ?? '',
    others.map((spend) => `${spend.amountMinor} ${spend.currency}`).join(' '),
    customer.totals.eventsAttended,
    customer.totals.checkIns,
  ];
}

/**
 * The filtered customers as CSV in the reader's conventions (packages/shared/src/csv.ts), page after page:
 * the first page is read before answering, so a bad filter is a 400 rather than a broken download.
 */
export async function exportCustomers(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof exportCustomersQuerySchema>,
): Promise<AsyncIterable<string>> {
  const { locale, sort, direction, ...filters } = query;
  checkFilters(filters);
  const dialect = csvDialect(locale);
  const timeZone = await organizationTimeZone(ctx.db, organizationId);
  let page = await customerPage(ctx.db, organizationId, { filters, sort, direction, limit: EXPORT_PAGE });
  async function* lines() {
    yield CSV_BOM + csvRow(HEADERS[locale], dialect);
    for (;;) {
      yield page.items.map((customer) => csvRow(row(customer, locale, timeZone), dialect)).join('');
      if (!page.nextCursor) return;
      page = await customerPage(ctx.db, organizationId, {
        filters,
        sort,
        direction,
        limit: EXPORT_PAGE,
        cursor: page.nextCursor,
      });
    }
  }
  return lines();
}
