import type { Locale } from '@guichet/shared/i18n';
import { formatMoney } from '@guichet/shared/money';
import { formatTicketCode } from '@guichet/shared/ticket-code';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { fit, printable, readable, wrap } from '../../pdf-text';
import { drawRuns, ScriptFonts } from './pdf-fonts';

/** What the tickets' PDF shows: one page per valid ticket. */
export interface TicketsDocument {
  locale: Locale;
  orderCode: string;
  organizerName: string;
  event: {
    name: string;
    startsAt: Date;
    timeZone: string;
    /** The venue's name and address, or the online link. */
    place: string[];
  };
  tickets: {
    ticketTypeName: string;
    attendeeName: string | null;
    priceMinor: number;
    currency: string;
    /** The signed secret, drawn as the QR code (the same as on the ticket page). */
    secret: string;
    /** The code a person can type at the door, printed under the QR code. */
    shortCode: string;
  }[];
}

const TEXT = {
  en: {
    title: (event: string) => `Tickets · ${event}`,
    attendee: 'Attendee',
    unnamed: 'Not named',
    nameOnPage: 'As written on your ticket page',
    type: 'Ticket',
    price: 'Price',
    free: 'Free',
    order: 'Order code',
    count: (index: number, total: number) => `Ticket ${index} of ${total}`,
    code: 'Ticket code',
    scan: 'Show this code at the entrance, printed or on your phone. Each code admits one person, once.',
  },
  fr: {
    title: (event: string) => `Billets · ${event}`,
    attendee: 'Participant',
    unnamed: 'Non nommé',
    nameOnPage: 'Tel qu’écrit sur votre page de billets',
    type: 'Billet',
    price: 'Prix',
    free: 'Gratuit',
    order: 'Code de commande',
    count: (index: number, total: number) => `Billet ${index} sur ${total}`,
    code: 'Code du billet',
    scan: 'Présentez ce code à l’entrée, imprimé ou sur votre téléphone. Chaque code fait entrer une personne, une fois.',
  },
} satisfies Record<Locale, unknown>;

// A4 in points, with 48 pt margins.
const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 48;
const CONTENT = WIDTH - 2 * MARGIN;
/** About 9.5 cm: large enough for a door scanner to read from paper or a phone held at arm's length. */
const QR_SIZE = 270;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const ACCENT = rgb(0.094, 0.392, 0.671);

/** The event's start as read at the venue: in the event's time zone, with the zone's name. */
export function eventDate(startsAt: Date, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(startsAt);
}

/** The QR code as filled squares: vector, so it stays sharp at any print size. */
function drawQr(page: PDFPage, secret: string, x: number, y: number, size: number) {
  // Level L like the ticket page: the secret is long, and larger modules read faster.
  const qr = QRCode.create(secret, { errorCorrectionLevel: 'L' });
  const count = qr.modules.size;
  const quiet = 4;
  const module = size / (count + 2 * quiet);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row += 1) {
    // Runs of dark modules in a row become one rectangle: far fewer drawing operators.
    let start = -1;
    for (let col = 0; col <= count; col += 1) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        page.drawRectangle({
          x: x + (quiet + start) * module,
          y: y + size - (quiet + row + 1) * module,
          width: (col - start) * module,
          height: module,
          color: rgb(0, 0, 0),
        });
        start = -1;
      }
    }
  }
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function field(
  page: PDFPage,
  fonts: Fonts,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
) {
  page.drawText(printable(fonts.regular, label).toUpperCase(), {
    x,
    y,
    size: 9,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawText(fit(fonts.bold, value, 13, width), { x, y: y - 17, size: 13, font: fonts.bold, color: INK });
}

/** The name's runs in the fonts that draw it, when the standard font lacks some of its letters. */
async function nameRuns(scripts: ScriptFonts, fonts: Fonts, name: string | null) {
  if (!name) return null;
  const set = new Set(fonts.bold.getCharacterSet());
  if ([...name].every((char) => char === ' ' || set.has(char.codePointAt(0) ?? -1))) return null;
  return scripts.runs(name, fonts.bold, 'bold');
}

async function drawTicket(
  doc: PDFDocument,
  fonts: Fonts,
  scripts: ScriptFonts,
  input: TicketsDocument,
  ticket: TicketsDocument['tickets'][number],
  index: number,
) {
  const t = TEXT[input.locale];
  const page = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN - 12;
  page.drawText(fit(fonts.regular, printable(fonts.regular, input.organizerName), 11, CONTENT), {
    x: MARGIN,
    y,
    size: 11,
    font: fonts.regular,
    color: MUTED,
  });
  y -= 34;
  for (const line of wrap(fonts.bold, printable(fonts.bold, input.event.name), 24, CONTENT, 2)) {
    page.drawText(line, { x: MARGIN, y, size: 24, font: fonts.bold, color: INK });
    y -= 30;
  }
  const date = printable(fonts.regular, eventDate(input.event.startsAt, input.event.timeZone, input.locale));
  page.drawText(fit(fonts.regular, date, 13, CONTENT), {
    x: MARGIN,
    y,
    size: 13,
    font: fonts.regular,
    color: INK,
  });
  y -= 19;
  for (const part of input.event.place.slice(0, 2)) {
    page.drawText(fit(fonts.regular, printable(fonts.regular, part), 12, CONTENT), {
      x: MARGIN,
      y,
      size: 12,
      font: fonts.regular,
      color: MUTED,
    });
    y -= 17;
  }
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 1, color: ACCENT });
  y -= 28;

  const half = CONTENT / 2 - 8;
  const name = ticket.attendeeName ? printable(fonts.bold, ticket.attendeeName) : t.unnamed;
  // A name in a script the standard fonts lack: say where to read it rather than print question marks.
  const shownName = ticket.attendeeName && !readable(name) ? t.nameOnPage : name;
  // Greek, Cyrillic, Arabic, Chinese, Japanese, Korean drawn as written with the embedded Noto Sans;
  // what no font has (Ethiopic, emoji...), as before.
  const runs = await nameRuns(scripts, fonts, ticket.attendeeName);
  if (runs) {
    field(page, fonts, t.attendee, '', MARGIN, y, half);
    drawRuns(page, runs, { x: MARGIN, y: y - 17, size: 13, width: half, color: INK });
  } else {
    field(page, fonts, t.attendee, shownName, MARGIN, y, half);
  }
  field(page, fonts, t.type, printable(fonts.bold, ticket.ticketTypeName), MARGIN + half + 16, y, half);
  y -= 48;
  const price =
    ticket.priceMinor === 0 ? t.free : formatMoney(ticket.priceMinor, ticket.currency, input.locale);
  field(page, fonts, t.price, printable(fonts.bold, price), MARGIN, y, half);
  field(page, fonts, t.order, input.orderCode, MARGIN + half + 16, y, half);
  y -= 40;

  const qrY = y - QR_SIZE;
  drawQr(page, ticket.secret, (WIDTH - QR_SIZE) / 2, qrY, QR_SIZE);
  // The short code under the QR code: what the door types when the QR code will not scan.
  const code = `${printable(fonts.regular, t.code)}  ${formatTicketCode(ticket.shortCode)}`;
  page.drawText(code, {
    x: (WIDTH - fonts.bold.widthOfTextAtSize(code, 16)) / 2,
    y: qrY - 24,
    size: 16,
    font: fonts.bold,
    color: INK,
  });
  const count = t.count(index + 1, input.tickets.length);
  page.drawText(count, {
    x: (WIDTH - fonts.regular.widthOfTextAtSize(count, 11)) / 2,
    y: qrY - 44,
    size: 11,
    font: fonts.regular,
    color: MUTED,
  });
  let footY = qrY - 66;
  for (const line of wrap(fonts.regular, printable(fonts.regular, t.scan), 10, CONTENT, 3)) {
    page.drawText(line, {
      x: (WIDTH - fonts.regular.widthOfTextAtSize(line, 10)) / 2,
      y: footY,
      size: 10,
      font: fonts.regular,
      color: MUTED,
    });
    footY -= 14;
  }
}

/** The order's tickets as one PDF, one A4 page per ticket, with standard fonts only (nothing to fetch). */
export async function renderTicketsPdf(input: TicketsDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  // Metadata strings are Unicode: the event's name as written, and the order code to find the file by.
  doc.setTitle(TEXT[input.locale].title(input.event.name));
  doc.setSubject(input.orderCode);
  doc.setKeywords([input.orderCode]);
  doc.setAuthor(input.organizerName);
  doc.setCreator('Guichet');
  doc.setProducer('Guichet');
  doc.setLanguage(input.locale);
  const scripts = new ScriptFonts(doc);
  for (const [index, ticket] of input.tickets.entries()) {
    await drawTicket(doc, fonts, scripts, input, ticket, index);
  }
  return doc.save();
}
