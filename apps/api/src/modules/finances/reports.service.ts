import { type CsvValue, csvAmount, csvDateTime, csvDialect, toCsv } from '@guichet/shared/csv';
import type { CashUp, reportQuerySchema, VatReport } from '@guichet/shared/finances';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repository from './reports.repository';

/**
 * The accountant's reports of a period (ALL or FINANCE): VAT by rate, the cash-up of staff-taken money,
 * the orders with their money. Each as JSON for the page and as CSV for the reader's spreadsheet
 * (`packages/shared/src/csv.ts`: BOM, the language's separator and decimal mark, dates as cells).
 */

type Query = z.output<typeof reportQuerySchema>;
type Csv = { body: string; filename: string };

const period = (organizationId: string, query: Query): repository.Period => ({
  organizationId,
  from: query.from,
  to: query.to,
  tz: query.tz,
  eventId: query.eventId,
});

/** A rate as a number of percent (5.5), which a spreadsheet reads as a number in either language. */
const percent = (rateBp: number) => rateBp / 100;

export async function vatReport(ctx: AppContext, organizationId: string, query: Query): Promise<VatReport> {
  const [rows, settings] = await Promise.all([
    repository.vatByRate(ctx.db, period(organizationId, query)),
    repository.findVatSettings(ctx.db, organizationId),
  ]);
  const currencies = new Map<string, VatReport['currencies'][number]>();
  for (const row of rows) {
    let block = currencies.get(row.currency);
    if (!block) {
      block = { currency: row.currency, lines: [] };
      currencies.set(row.currency, block);
    }
    const grossMinor = row.salesGrossMinor - row.refundsGrossMinor;
    const vatMinor = row.salesVatMinor - row.refundsVatMinor;
    block.lines.push({
      rateBp: row.rateBp,
      salesGrossMinor: row.salesGrossMinor,
      salesVatMinor: row.salesVatMinor,
      refundsGrossMinor: row.refundsGrossMinor,
      refundsVatMinor: row.refundsVatMinor,
      grossMinor,
      vatMinor,
      netMinor: grossMinor - vatMinor,
    });
  }
  return { registered: settings?.registered ?? false, currencies: [...currencies.values()] };
}

const VAT_HEADERS = {
  en: [
    'Currency',
    'VAT rate (%)',
    'Sales incl. VAT',
    'VAT on sales',
    'Refunds incl. VAT',
    'VAT on refunds',
    'Total incl. VAT',
    'VAT',
    'Total excl. VAT',
  ],
  fr: [
    'Devise',
    'Taux de TVA (%)',
    'Ventes TTC',
    'TVA sur ventes',
    'Remboursements TTC',
    'TVA sur remboursements',
    'Total TTC',
    'TVA',
    'Total HT',
  ],
} as const;

export async function vatReportCsv(ctx: AppContext, organizationId: string, query: Query): Promise<Csv> {
  const report = await vatReport(ctx, organizationId, query);
  const rows: CsvValue[][] = [[...VAT_HEADERS[query.locale]]];
  for (const block of report.currencies) {
    for (const line of block.lines) {
      const amount = (minor: number) => csvAmount(minor, block.currency);
      rows.push([
        block.currency,
        percent(line.rateBp),
        amount(line.salesGrossMinor),
        amount(line.salesVatMinor),
        amount(line.refundsGrossMinor),
        amount(line.refundsVatMinor),
        amount(line.grossMinor),
        amount(line.vatMinor),
        amount(line.netMinor),
      ]);
    }
  }
  return { body: toCsv(rows, csvDialect(query.locale)), filename: `vat-${query.from}-${query.to}.csv` };
}

export async function cashUp(ctx: AppContext, organizationId: string, query: Query): Promise<CashUp> {
  return { rows: await repository.cashUp(ctx.db, period(organizationId, query)) };
}

const CASH_UP_HEADERS = {
  en: ['Event', 'Staff member', 'Channel', 'Method', 'Payments', 'Amount', 'Currency'],
  fr: ['Événement', 'Membre de l’équipe', 'Canal', 'Moyen', 'Paiements', 'Montant', 'Devise'],
} as const;
const CHANNELS = {
  en: { offline: 'Offline order marked paid', box_office: 'Box office and door' },
  fr: { offline: 'Commande hors ligne marquée payée', box_office: 'Guichet et entrée' },
} as const;
const METHODS = {
  en: { cash: 'Cash', card: 'Card', transfer: 'Transfer', other: 'Other', none: 'Not said' },
  fr: { cash: 'Espèces', card: 'Carte', transfer: 'Virement', other: 'Autre', none: 'Non précisé' },
} as const;

export async function cashUpCsv(ctx: AppContext, organizationId: string, query: Query): Promise<Csv> {
  const { rows } = await cashUp(ctx, organizationId, query);
  const language = query.locale;
  const methods: Record<string, string> = METHODS[language];
  const lines: CsvValue[][] = [[...CASH_UP_HEADERS[language]]];
  for (const row of rows) {
    lines.push([
      row.eventName,
      row.staffName ?? '',
      CHANNELS[language][row.channel],
      methods[row.method ?? 'none'] ?? row.method,
      row.count,
      csvAmount(row.amountMinor, row.currency),
      row.currency,
    ]);
  }
  return { body: toCsv(lines, csvDialect(language)), filename: `cash-up-${query.from}-${query.to}.csv` };
}

/** At most this many orders in one export: a longer period is split. */
const MAX_ORDERS = 50_000;

const ORDER_HEADERS = {
  en: [
    'Order',
    'Paid at',
    'Event',
    'Buyer',
    'E-mail',
    'Payment method',
    'Currency',
    'Gross',
    'VAT',
    'Processor fee',
    'Platform fee',
    'Refunded',
    'Adjustments',
    'Net',
  ],
  fr: [
    'Commande',
    'Payée le',
    'Événement',
    'Acheteur',
    'E-mail',
    'Moyen de paiement',
    'Devise',
    'Brut',
    'TVA',
    'Frais du prestataire',
    'Frais de plateforme',
    'Remboursé',
    'Ajustements',
    'Net',
  ],
} as const;

export async function ordersMoneyCsv(ctx: AppContext, organizationId: string, query: Query): Promise<Csv> {
  const rows = await repository.ordersMoney(ctx.db, period(organizationId, query), MAX_ORDERS);
  if (rows.length > MAX_ORDERS) {
    throw new AppError('argument-error', `More than ${MAX_ORDERS} orders: export a shorter period.`);
  }
  const lines: CsvValue[][] = [[...ORDER_HEADERS[query.locale]]];
  for (const row of rows) {
    const amount = (minor: number) => csvAmount(minor, row.currency);
    const net =
      row.grossMinor -
      row.refundedMinor -
      row.processorFeeMinor -
      row.platformFeeMinor +
      row.adjustmentsMinor;
    lines.push([
      row.code,
      csvDateTime(row.paidAt, query.tz),
      row.eventName,
      row.buyerName,
      row.buyerEmail,
      row.paymentMethod,
      row.currency,
      amount(row.grossMinor),
      amount(row.vatMinor),
      amount(row.processorFeeMinor),
      amount(row.platformFeeMinor),
      amount(row.refundedMinor),
      amount(row.adjustmentsMinor),
      amount(net),
    ]);
  }
  return { body: toCsv(lines, csvDialect(query.locale)), filename: `orders-${query.from}-${query.to}.csv` };
}
