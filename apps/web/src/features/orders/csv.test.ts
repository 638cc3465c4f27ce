import type { OrderSummary } from '@guichet/shared/orders';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/i18n';
import { csvCell, orderRows, toCsv, UTF8_BOM } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Zoé Dupont')).toBe('Zoé Dupont');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Dupont, Zoé')).toBe('"Dupont, Zoé"');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=1+1', '+33 6 12', '-2', '@SUM(A1)', '\t=1', '\r=1'])(
    'defuses text that a spreadsheet would run as a formula: %j',
    (value) => {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('defuses and quotes a formula with a comma', () => {
    expect(csvCell('=HYPERLINK("http://x",1)')).toBe('"\'=HYPERLINK(""http://x"",1)"');
  });
});

describe('toCsv', () => {
  it('starts with a byte order mark and ends rows with CRLF', () => {
    const csv = toCsv([
      ['a', 'b'],
      ['é', 1],
    ]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('a,b\r\né,1\r\n');
  });
});

describe('orderRows', () => {
  const t = ((key: string) => `[${key}]`) as TFunction;
  const order: OrderSummary = {
    id: '0190a0a0-0000-7000-8000-000000000001',
    code: 'ABCD',
    eventId: '0190a0a0-0000-7000-8000-000000000002',
    status: 'paid',
    channel: 'box_office',
    paymentMethod: 'box_office',
    buyerName: 'Zoé',
    buyerEmail: 'zoe@example.com',
    totalMinor: 1250,
    refundedMinor: 0,
    currency: 'EUR',
    ticketCount: 2,
    reservedUntil: null,
    paidAt: '2026-01-02T10:00:00.000Z',
    createdAt: '2026-01-02T09:59:00.000Z',
  };

  it('has a header and one row per order, amounts as exact decimals', () => {
    const rows = orderRows([order, { ...order, totalMinor: 500, currency: 'JPY', paidAt: null }], t);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[0]).toBe('[orders.export.columns.code]');
    expect(rows[1]).toEqual([
      'ABCD',
      '[orders.status.paid]',
      'Zoé',
      'zoe@example.com',
      2,
      '12.50',
      'EUR',
      '[orders.payment.box_office]',
      '[orders.export.channel.box_office]',
      '2026-01-02T09:59:00.000Z',
      '2026-01-02T10:00:00.000Z',
    ]);
    expect(rows[2]?.[5]).toBe('500');
    expect(rows[2]?.[10]).toBeNull();
  });
});
