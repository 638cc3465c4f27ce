import { csvAmount, csvDateTime, csvDialect, toCsv } from '@guichet/shared/csv';
import type { journalQuerySchema, LedgerEntry, LedgerKind } from '@guichet/shared/finances';
import { JOURNAL_DEFAULT_CODES } from '@guichet/shared/payouts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { codesResolver } from './account-codes.service';
import * as repository from './finances.repository';

/**
 * The accountant's journal of a period: each ledger row as two lines, a debit and a credit of the same
 * amount, so the journal balances by construction (debit = credit, in each currency). The accounts follow
 * the French chart (PCG) by default; each organisation may set its own codes (`account-codes.service.ts`),
 * by version, so a closed period keeps the codes it was closed with.
 */

export const DEFAULT_ACCOUNTS = JOURNAL_DEFAULT_CODES;
type Account = keyof typeof DEFAULT_ACCOUNTS;

/** Where the money of a method sits: the bank (offline transfers), the Stripe balance, the till. */
const MONEY_ACCOUNT: Record<NonNullable<LedgerEntry['method']>, Account> = {
  offline: 'bank',
  stripe: 'stripe',
  box_office: 'cash',
};

/** The two accounts of a row, debit first, for a positive amount (a negative one swaps them). */
function accountsOf(kind: LedgerKind, method: LedgerEntry['method']): [Account, Account] | null {
  const money = MONEY_ACCOUNT[method ?? 'offline'];
  switch (kind) {
    case 'sale':
      return ['customers', 'sales'];
    case 'offline_payment':
    case 'card_payment':
    case 'box_office_payment':
      return [money, 'customers'];
    case 'refund':
    case 'refund_reversal':
      return ['salesReturns', money];
    case 'processor_fee':
    case 'platform_fee':
      return ['fees', money];
    case 'adjustment':
    case 'dispute':
      return ['customers', 'adjustments'];
    case 'payout':
      // Money leaving the Stripe balance for the bank (negative: debit the bank, credit Stripe).
      return ['stripe', 'bank'];
  }
}

const JOURNAL_KINDS: readonly LedgerKind[] = [
  'sale',
  'offline_payment',
  'card_payment',
  'box_office_payment',
  'refund',
  'refund_reversal',
  'processor_fee',
  'platform_fee',
  'adjustment',
  'dispute',
  'payout',
];

const HEADERS = {
  en: ['Date', 'Journal', 'Account', 'Label', 'Order', 'Reference', 'Debit', 'Credit', 'Currency', 'Entry'],
  fr: [
    'Date',
    'Journal',
    'Compte',
    'Libellé',
    'Commande',
    'Référence',
    'Débit',
    'Crédit',
    'Devise',
    'Écriture',
  ],
} as const;
const LABELS = {
  en: {
    sale: 'Sale',
    offline_payment: 'Offline payment',
    card_payment: 'Card payment',
    box_office_payment: 'Box office payment',
    refund: 'Refund',
    refund_reversal: 'Refund refused',
    processor_fee: 'Processor fee',
    platform_fee: 'Platform fee',
    payout: 'Payout',
    dispute: 'Dispute',
    adjustment: 'Adjustment',
  },
  fr: {
    sale: 'Vente',
    offline_payment: 'Paiement hors ligne',
    card_payment: 'Paiement par carte',
    box_office_payment: 'Paiement au guichet',
    refund: 'Remboursement',
    refund_reversal: 'Remboursement refusé',
    processor_fee: 'Frais du prestataire',
    platform_fee: 'Frais de plateforme',
    payout: 'Virement',
    dispute: 'Litige',
    adjustment: 'Ajustement',
  },
} as const;

/** At most this many ledger rows in one export: a longer period is split by the accountant. */
const MAX_ROWS = 100_000;

export async function journalCsv(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof journalQuerySchema>,
): Promise<{ body: string; filename: string }> {
  const rows = await repository.periodEntries(ctx.db, {
    organizationId,
    from: query.from,
    to: query.to,
    tz: query.tz,
    basis: 'payment',
    eventId: null,
    kinds: JOURNAL_KINDS,
    currency: null,
    method: null,
    limit: MAX_ROWS,
    after: null,
  });
  if (rows.length > MAX_ROWS) {
    throw new AppError('argument-error', `More than ${MAX_ROWS} rows: export a shorter period.`);
  }
  const codesAt = await codesResolver(ctx.db, organizationId);
  const language = query.locale;
  const lines: (string | ReturnType<typeof csvAmount> | ReturnType<typeof csvDateTime> | null)[][] = [
    [...HEADERS[language]],
  ];
  // Oldest first, as a journal reads.
  for (const row of [...rows].reverse()) {
    const accounts = accountsOf(row.kind, row.method);
    if (!accounts || row.amountMinor === 0) continue;
    const [debit, credit] = row.amountMinor > 0 ? accounts : [accounts[1], accounts[0]];
    const amount = csvAmount(Math.abs(row.amountMinor), row.currency);
    const common = [csvDateTime(row.occurredAt, query.tz), 'VT'] as const;
    const codes = codesAt(new Date(row.occurredAt));
    const label = [LABELS[language][row.kind], row.buyerName].filter(Boolean).join(' · ');
    lines.push([
      ...common,
      codes[debit],
      label,
      row.orderCode,
      row.reference,
      amount,
      null,
      row.currency,
      row.id,
    ]);
    lines.push([
      ...common,
      codes[credit],
      label,
      row.orderCode,
      row.reference,
      null,
      amount,
      row.currency,
      row.id,
    ]);
  }
  return {
    body: toCsv(lines, csvDialect(language)),
    filename: `journal-${query.from}-${query.to}.csv`,
  };
}
