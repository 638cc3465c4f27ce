import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf-reader';
import { renderTicketsPdf, type TicketsDocument } from './ticket-pdf';

const document = (names: (string | null)[]): TicketsDocument => ({
  locale: 'en',
  orderCode: 'ORDERCODE0000001',
  organizerName: 'Scripts Org',
  event: {
    name: 'Names of the world',
    startsAt: new Date('2026-06-01T18:00:00Z'),
    timeZone: 'Europe/Paris',
    place: ['La Cigale'],
  },
  tickets: names.map((name, index) => ({
    ticketTypeName: 'Entry',
    attendeeName: name,
    priceMinor: 0,
    currency: 'EUR',
    secret: `secret-${index}`,
    shortCode: '0123456789A',
  })),
});

/** How many fonts a PDF embeds (the standard fonts have no descriptor). */
async function embeddedFonts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) => object instanceof PDFDict && object.get(PDFName.Type) === PDFName.of('FontDescriptor'),
    ).length;
}

describe('names in every script on the tickets’ PDF', () => {
  it('prints Cyrillic, Greek and accented names as written, and their text extracts back intact', async () => {
    const names = ['Анна Каренина', 'Αλέξανδρος Παπαδόπουλος', 'Zoë Łukasiewicz', 'Ada Lovelace'];
    const pdf = await readPdf(await renderTicketsPdf(document(names)));
    // A name of several fonts is drawn as one text run per font: read back as one line.
    names.forEach((name, index) => {
      expect(pdf.pages[index]?.replace(/\n/g, '')).toContain(name);
    });
    expect(pdf.pages.join('\n')).not.toContain('As written on your ticket page');
  });

  it('prints an Arabic name with the embedded Arabic font, not a placeholder', async () => {
    const pdf = await readPdf(await renderTicketsPdf(document(['محمد علي'])));
    expect(pdf.pages[0]).not.toContain('As written on your ticket page');
    expect(pdf.pages[0]).toMatch(/[\u0600-\u06ff]/);
  });

  it('prints Chinese, Japanese (kana and kanji) and Korean names as written, and their text extracts back intact', async () => {
    const names = ['王小明', '渡邊 さくら', '김민준', 'Li 李娜', 'スミス・ジョン'];
    const pdf = await readPdf(await renderTicketsPdf(document(names)));
    names.forEach((name, index) => {
      expect(pdf.pages[index]?.replace(/\n/g, '')).toContain(name);
    });
    expect(pdf.pages.join('\n')).not.toContain('As written on your ticket page');
  });

  it('embeds only the slices of the CJK fonts a name falls in', async () => {
    const latin = await renderTicketsPdf(document(['Ada Lovelace']));
    const one = await renderTicketsPdf(document(['王小明']));
    const many = await renderTicketsPdf(document(['王小明', '渡邊 さくら', '김민준']));
    expect(await embeddedFonts(latin)).toBe(0);
    // 王 is in one slice of Noto Sans SC, 小 and 明 in another: two subsets, and no Noto Sans file.
    expect(await embeddedFonts(one)).toBe(2);
    expect(await embeddedFonts(many)).toBeGreaterThan(2);
    expect(many.length - latin.length).toBeLessThan(100_000);
  });

  it('embeds nothing for names the standard fonts print, and says where to read a script it lacks', async () => {
    const plain = await renderTicketsPdf(document(['Ada Lovelace']));
    const cyrillic = await renderTicketsPdf(document(['Анна']));
    expect(plain.length).toBeLessThan(cyrillic.length);
    // The Cyrillic file alone: the fonts tried before it are not embedded for nothing.
    expect(await embeddedFonts(cyrillic)).toBe(1);
    const amharic = await readPdf(await renderTicketsPdf(document(['አበበ ቢቂላ'])));
    expect(amharic.pages[0]).toContain('As written on your ticket page');
  });
});
