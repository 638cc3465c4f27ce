import type { Locale } from '@guichet/shared/i18n';
import { formatMoney } from '@guichet/shared/money';
import { formatVatRate } from '@guichet/shared/vat';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { fit, printable, wrap } from '../../pdf-text';

/** What a receipt, an invoice or a credit note shows; everything already read and frozen. */
export interface PrintedDocument {
  locale: Locale;
  kind: 'receipt' | 'invoice' | 'credit_note';
  reference: string;
  issuedAt: string;
  timeZone: string;
  orderCode: string;
  eventName: string;
  currency: string;
  amountMinor: number;
  issuer: { name: string; address: string[]; vatNumber: string | null; registered: boolean };
  billedTo: { name: string; email: string; address?: string; vatNumber?: string };
  /** The order's lines (the sale); empty on a credit note, which shows the refunded amount by rate. */
  lines: { name: string; quantity: number; unitMinor: number; rateBp: number }[];
  vatLines: { rateBp: number; grossMinor: number; vatMinor: number }[];
  /** A credit note's invoice. */
  creditedReference: string | null;
}

const WORDS = {
  en: {
    receipt: 'Receipt',
    invoice: 'Invoice',
    credit_note: 'Credit note',
    date: 'Date',
    order: 'Order',
    event: 'Event',
    billedTo: 'Billed to',
    vatNumber: 'VAT number',
    item: 'Item',
    quantity: 'Qty',
    unit: 'Unit price',
    rate: 'VAT',
    total: 'Total',
    byRate: 'VAT by rate',
    net: 'Net',
    vat: 'VAT',
    gross: 'Gross',
    paid: 'Paid, VAT included',
    refunded: 'Refunded, VAT included',
    credits: 'Credits invoice',
    noVat: 'VAT not applicable.',
  },
  fr: {
    receipt: 'Reçu',
    invoice: 'Facture',
    credit_note: 'Avoir',
    date: 'Date',
    order: 'Commande',
    event: 'Événement',
    billedTo: 'Facturé à',
    vatNumber: 'N° de TVA',
    item: 'Article',
    quantity: 'Qté',
    unit: 'Prix unitaire',
    rate: 'TVA',
    total: 'Total',
    byRate: 'TVA par taux',
    net: 'HT',
    vat: 'TVA',
    gross: 'TTC',
    paid: 'Payé, TVA comprise',
    refunded: 'Remboursé, TVA comprise',
    credits: 'Avoir sur la facture',
    noVat: 'TVA non applicable.',
  },
} as const;

const MARGIN = 50;
const WIDTH = 595.28;
const HEIGHT = 841.89;

export async function renderDocumentPdf(document: PrintedDocument): Promise<Uint8Array> {
  const words = WORDS[document.locale];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${words[document.kind]} ${document.reference}`);
  pdf.setCreationDate(new Date(document.issuedAt));
  pdf.setModificationDate(new Date(document.issuedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const money = (minor: number) => formatMoney(minor, document.currency, document.locale);
  let y = HEIGHT - MARGIN;
  const text = (value: string, x: number, size = 10, font: PDFFont = regular, maxWidth = 250) => {
    page.drawText(fit(font, printable(font, value), size, maxWidth), {
      x,
      y,
      size,
      font,
      color: rgb(0, 0, 0),
    });
  };
  const right = (value: string, xRight: number, size = 10, font: PDFFont = regular) => {
    const shown = printable(font, value);
    page.drawText(shown, { x: xRight - font.widthOfTextAtSize(shown, size), y, size, font });
  };

  // Issuer on the left, title and reference on the right.
  text(document.issuer.name, MARGIN, 12, bold);
  right(words[document.kind], WIDTH - MARGIN, 18, bold);
  y -= 16;
  for (const line of document.issuer.address) {
    text(line, MARGIN);
    y -= 13;
  }
  if (document.issuer.vatNumber) {
    text(`${words.vatNumber}: ${document.issuer.vatNumber}`, MARGIN);
    y -= 13;
  }
  y = HEIGHT - MARGIN - 26;
  right(document.reference, WIDTH - MARGIN, 11, bold);
  y -= 14;
  const issued = new Intl.DateTimeFormat(document.locale, {
    dateStyle: 'long',
    timeZone: document.timeZone,
  }).format(new Date(document.issuedAt));
  right(`${words.date}: ${issued}`, WIDTH - MARGIN);
  y -= 13;
  right(`${words.order}: ${document.orderCode}`, WIDTH - MARGIN);
  if (document.creditedReference) {
    y -= 13;
    right(`${words.credits} ${document.creditedReference}`, WIDTH - MARGIN);
  }

  y = HEIGHT - MARGIN - 130;
  text(words.billedTo, MARGIN, 9, bold);
  y -= 14;
  const billed = [
    document.billedTo.name,
    ...wrap(regular, printable(regular, document.billedTo.address ?? ''), 10, 250, 3),
    document.billedTo.email,
    document.billedTo.vatNumber ? `${words.vatNumber}: ${document.billedTo.vatNumber}` : '',
  ].filter(Boolean);
  for (const line of billed) {
    text(line, MARGIN);
    y -= 13;
  }
  y -= 10;
  text(`${words.event}: ${document.eventName}`, MARGIN, 10, regular, WIDTH - 2 * MARGIN);
  y -= 28;

  const columns = { item: MARGIN, quantity: 330, unit: 410, rate: 460, total: WIDTH - MARGIN };
  if (document.lines.length > 0) {
    text(words.item, columns.item, 9, bold);
    right(words.quantity, columns.quantity, 9, bold);
    right(words.unit, columns.unit, 9, bold);
    right(words.rate, columns.rate, 9, bold);
    right(words.total, columns.total, 9, bold);
    rule(page, y - 4);
    y -= 18;
    for (const line of document.lines) {
      text(line.name, columns.item, 10, regular, 240);
      right(String(line.quantity), columns.quantity);
      right(money(line.unitMinor), columns.unit);
      right(formatVatRate(line.rateBp, document.locale), columns.rate);
      right(money(line.unitMinor * line.quantity), columns.total);
      y -= 15;
      if (y < 200) break;
    }
    rule(page, y + 8);
    y -= 12;
  }
  right(document.kind === 'credit_note' ? words.refunded : words.paid, columns.rate, 10, bold);
  right(money(document.amountMinor), columns.total, 10, bold);
  y -= 30;

  if (document.issuer.registered && document.vatLines.length > 0) {
    text(words.byRate, MARGIN, 9, bold);
    right(words.net, 330, 9, bold);
    right(words.vat, 410, 9, bold);
    right(words.gross, columns.total, 9, bold);
    y -= 15;
    for (const line of document.vatLines) {
      text(formatVatRate(line.rateBp, document.locale), MARGIN);
      right(money(line.grossMinor - line.vatMinor), 330);
      right(money(line.vatMinor), 410);
      right(money(line.grossMinor), columns.total);
      y -= 14;
    }
  } else {
    text(words.noVat, MARGIN, 9);
  }
  return pdf.save();
}

function rule(page: PDFPage, y: number) {
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: WIDTH - MARGIN, y },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
}
