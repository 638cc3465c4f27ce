import { CSV_BOM, type CsvValue, csvAmount, csvDateTime, csvDialect, csvRow } from '@guichet/shared/csv';
import type { Locale } from '@guichet/shared/i18n';
import { formatTicketCode } from '@guichet/shared/ticket-code';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repository from './event-exports.repository';

/** Rows read per page: the exports stream, so memory stays flat however large the event. */
const PAGE = 500;

const WORDS = {
  en: {
    attendees: [
      'Ticket code',
      'Ticket type',
      'Attendee',
      'Buyer',
      'Buyer e-mail',
      'Order code',
      'Order status',
      'Price',
      'Currency',
      'Ordered at',
      'Checked in at',
    ],
    checkins: [
      'Scanned at',
      'Direction',
      'Result',
      'Reason',
      'Ticket code',
      'Attendee',
      'Ticket type',
      'Order code',
      'Check-in list',
      'Staff',
      'Device',
      'Offline',
      'Undone at',
    ],
    status: { paid: 'paid', pending_payment: 'awaiting payment' } as Record<string, string>,
    direction: { entry: 'entry', exit: 'exit' } as Record<string, string>,
    admitted: 'admitted',
    refused: 'refused',
    yes: 'yes',
    no: 'no',
  },
  fr: {
    attendees: [
      'Code du billet',
      'Type de billet',
      'Participant',
      'Acheteur',
      'E-mail de l’acheteur',
      'Code de commande',
      'État de la commande',
      'Prix',
      'Devise',
      'Commandé le',
      'Entré le',
    ],
    checkins: [
      'Scanné le',
      'Sens',
      'Résultat',
      'Motif',
      'Code du billet',
      'Participant',
      'Type de billet',
      'Code de commande',
      'Liste de contrôle',
      'Personnel',
      'Appareil',
      'Hors ligne',
      'Annulé le',
    ],
    status: { paid: 'payée', pending_payment: 'en attente de paiement' } as Record<string, string>,
    direction: { entry: 'entrée', exit: 'sortie' } as Record<string, string>,
    admitted: 'admis',
    refused: 'refusé',
    yes: 'oui',
    no: 'non',
  },
} satisfies Record<Locale, unknown>;

export type ExportKind = 'attendees' | 'checkins';

/**
 * An event's attendees or its check-in log as CSV in the reader's conventions (packages/shared/src/csv.ts:
 * French gets semicolons and decimal commas; dates are date cells in the event's time zone), page after
 * page. The event is looked up before answering, so an unknown one is a 404 rather than a broken download.
 * Read from `ctx.reports` (the replica when there is one).
 */
export async function exportEvent(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  kind: ExportKind,
  locale: Locale,
): Promise<{ eventName: string; lines: AsyncIterable<string> }> {
  const event = await repository.findExportedEvent(ctx.reports, organizationId, eventId);
  if (!event) throw new AppError('not-found', 'No such event in this organisation.');
  const dialect = csvDialect(locale);
  const words = WORDS[locale];
  const at = (value: Date | string | null) => (value ? csvDateTime(value, event.timeZone) : null);

  async function* attendees() {
    yield CSV_BOM + csvRow(words.attendees, dialect);
    let after: string | null = null;
    for (;;) {
      const page = await repository.attendeePage(ctx.reports, organizationId, eventId, after, PAGE);
      yield page
        .map((row) =>
          csvRow(
            [
              formatTicketCode(row.shortCode),
              row.ticketType,
              // The buyer's name when the event asks no attendee names: the person who holds the ticket.
              row.attendeeName ?? row.buyerName,
              row.buyerName,
              row.buyerEmail,
              row.orderCode,
              words.status[row.orderStatus] ?? row.orderStatus,
              csvAmount(row.priceMinor, row.currency),
              row.currency,
              at(row.orderedAt),
              at(row.firstAdmission),
            ] satisfies CsvValue[],
            dialect,
          ),
        )
        .join('');
      if (page.length < PAGE) return;
      after = page[page.length - 1]?.id ?? null;
    }
  }

  async function* checkins() {
    yield CSV_BOM + csvRow(words.checkins, dialect);
    let after: string | null = null;
    for (;;) {
      const page = await repository.checkinPage(ctx.reports, organizationId, eventId, after, PAGE);
      yield page
        .map((row) =>
          csvRow(
            [
              at(row.scannedAt),
              words.direction[row.direction] ?? row.direction,
              row.admitted ? words.admitted : words.refused,
              row.reason,
              row.shortCode ? formatTicketCode(row.shortCode) : null,
              row.attendeeName ?? row.buyerName,
              row.ticketType,
              row.orderCode,
              row.listName,
              row.staffName,
              row.deviceId,
              row.offline ? words.yes : words.no,
              at(row.undoneAt),
            ] satisfies CsvValue[],
            dialect,
          ),
        )
        .join('');
      if (page.length < PAGE) return;
      after = page[page.length - 1]?.id ?? null;
    }
  }

  return { eventName: event.name, lines: kind === 'attendees' ? attendees() : checkins() };
}
