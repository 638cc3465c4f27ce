import { csvDialect, toCsv } from '@guichet/shared/csv';
import type { OrderSummary } from '@guichet/shared/orders';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/i18n';
import { orderRows } from './csv';

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

  it('writes the shared CSV: English commas and decimal points, dates as cells in the event’s zone', () => {
    const rows = orderRows(
      [order, { ...order, totalMinor: 500, currency: 'JPY', paidAt: null }],
      t,
      'Europe/Paris',
    );
    expect(rows).toHaveLength(3);
    const lines = toCsv(rows, csvDialect('en')).slice(1).split('\r\n');
    expect(lines[0]?.startsWith('[orders.export.columns.code],')).toBe(true);
    expect(lines[1]).toBe(
      'ABCD,[orders.status.paid],Zoé,zoe@example.com,2,12.50,EUR,[orders.payment.box_office],[orders.export.channel.box_office],2026-01-02 10:59:00,2026-01-02 11:00:00',
    );
    expect(lines[2]).toContain(',500,JPY,');
    expect(lines[2]?.endsWith(',')).toBe(true);
  });

  it('writes French spreadsheets’ semicolons and decimal commas', () => {
    const csv = toCsv(orderRows([order], t, 'Europe/Paris'), csvDialect('fr'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      'ABCD;[orders.status.paid];Zoé;zoe@example.com;2;12,50;EUR;[orders.payment.box_office];[orders.export.channel.box_office];2026-01-02 10:59:00;2026-01-02 11:00:00',
    );
  });
});
