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

  it('embeds nothing for names the standard fonts print, and says where to read a script it lacks', async () => {
    const plain = await renderTicketsPdf(document(['Ada Lovelace']));
    const cyrillic = await renderTicketsPdf(document(['Анна']));
    expect(plain.length).toBeLessThan(cyrillic.length);
    const chinese = await readPdf(await renderTicketsPdf(document(['王小明'])));
    expect(chinese.pages[0]).toContain('As written on your ticket page');
  });
});
