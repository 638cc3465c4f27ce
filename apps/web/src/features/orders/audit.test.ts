import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/i18n';
import { auditAction, auditDetail } from './audit';

const t = ((key: string, params?: Record<string, string>) =>
  params ? `${key}(${JSON.stringify(params)})` : key) as TFunction;
const entry = (action: string, before: unknown, after: unknown) => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  action,
  actorName: 'Dana',
  before,
  after,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('audit entries', () => {
  it('names known actions and shows unknown ones by code', () => {
    expect(auditAction(entry('order.cancelled', null, null), t)).toBe('orders.action.cancelled');
    expect(auditAction(entry('order.transferred', null, null), t)).toBe(
      'orders.action.other({"action":"order.transferred"})',
    );
  });

  it('says what changed', () => {
    expect(auditDetail(entry('order.cancelled', null, { reason: 'Ill' }), '-')).toBe('Ill');
    expect(auditDetail(entry('order.cancelled', null, { reason: null }), '-')).toBeNull();
    expect(
      auditDetail(entry('ticket.attendee-changed', { attendeeName: null }, { attendeeName: 'Zoé' }), '-'),
    ).toBe('- → Zoé');
    expect(auditDetail(entry('order.mail-resent', null, { to: 'a@b.c' }), '-')).toBe('a@b.c');
    expect(auditDetail(entry('order.placed', null, { status: 'paid' }), '-')).toBeNull();
  });
});
