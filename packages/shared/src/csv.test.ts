import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvAmount, csvCell, csvDateTime, csvDay, csvDialect, csvRow, toCsv } from './csv';

const en = csvDialect('en');
const fr = csvDialect('fr-FR');

describe('csvDialect', () => {
  it('uses semicolons and a decimal comma in French, commas and a point in English', () => {
    expect(fr).toEqual({ separator: ';', decimal: ',' });
    expect(en).toEqual({ separator: ',', decimal: '.' });
    expect(csvDialect('en-GB')).toEqual(en);
  });
});

describe('csvCell', () => {
  it('writes amounts from minor units with the reader’s decimal mark, negative ones as numbers', () => {
    expect(csvCell(csvAmount(1999, 'EUR'), en)).toBe('19.99');
    expect(csvCell(csvAmount(1999, 'EUR'), fr)).toBe('19,99');
    expect(csvCell(csvAmount(-1250, 'EUR'), fr)).toBe('-12,50');
    expect(csvCell(csvAmount(1500, 'JPY'), fr)).toBe('1500');
    // With commas as separators, a decimal comma would split the cell: English keeps the point.
    expect(csvCell(2.5, en)).toBe('2.5');
    expect(csvCell(2.5, fr)).toBe('2,5');
  });

  it('writes dates as wall-clock time of the zone, a format spreadsheets read as a date', () => {
    const at = new Date('2026-07-14T18:30:05.000Z');
    expect(csvCell(csvDateTime(at, 'Europe/Paris'), fr)).toBe('2026-07-14 20:30:05');
    expect(csvCell(csvDateTime('2026-01-01T00:00:00.000Z', 'America/New_York'), en)).toBe(
      '2025-12-31 19:00:00',
    );
    expect(csvCell(csvDay('2026-03-31'), en)).toBe('2026-03-31');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+33 1 23', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(text, en).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('Zoé', en)).toBe('Zoé');
  });

  it('quotes fields holding the separator, a quote or a line break, and only then', () => {
    expect(csvCell('a,b', en)).toBe('"a,b"');
    expect(csvCell('a,b', fr)).toBe('a,b');
    expect(csvCell('a;b', fr)).toBe('"a;b"');
    expect(csvCell('say "hi"', en)).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', fr)).toBe('"two\nlines"');
    expect(csvCell(null, en)).toBe('');
    expect(csvCell(undefined, en)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a byte order mark and ends every row with CRLF', () => {
    const text = toCsv(
      [
        ['Code', 'Total'],
        ['A1', csvAmount(1250, 'EUR')],
      ],
      fr,
    );
    expect(text).toBe(`${CSV_BOM}Code;Total\r\nA1;12,50\r\n`);
    expect(csvRow(['x', 1], en)).toBe('x,1\r\n');
  });
});
