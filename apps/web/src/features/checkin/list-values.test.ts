import type { CheckinList } from '@guichet/shared/scan';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { emptyListValues, listValuesOf, readList, serverListErrors } from './list-values';

const TYPES = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const context = { timeZone: 'Europe/Paris', ticketTypeIds: TYPES };

describe('check-in list form', () => {
  it('needs a name, and a ticket type when not covering all', () => {
    const { errors, body } = readList({ ...emptyListValues(), allTicketTypes: false }, context);
    expect(body).toBeUndefined();
    expect(errors).toEqual({ name: 'required', ticketTypeIds: 'noTicketType' });
  });

  it('reads the window in the event zone and checks its order', () => {
    const values = {
      ...emptyListValues(),
      name: '  Main gate ',
      startsAt: '2026-07-14T18:00',
      endsAt: '2026-07-14T23:30',
    };
    expect(readList(values, context).body).toEqual({
      name: 'Main gate',
      allTicketTypes: true,
      ticketTypeIds: [],
      startsAt: '2026-07-14T16:00:00.000Z',
      endsAt: '2026-07-14T21:30:00.000Z',
      allowReentry: false,
      allowMultipleEntries: false,
      capacityAlert: null,
    });
    const reversed = readList({ ...values, endsAt: '2026-07-14T17:00' }, context);
    expect(reversed.errors).toEqual({ endsAt: 'endBeforeStart' });
    expect(readList({ ...values, startsAt: '2026-02-30T10:00' }, context).errors).toEqual({
      startsAt: 'invalidDate',
    });
  });

  it('keeps only ticket types still on the event, and reads the alert as a whole number', () => {
    const values = {
      ...emptyListValues(),
      name: 'VIP',
      allTicketTypes: false,
      ticketTypeIds: [TYPES[1]!, '33333333-3333-4333-8333-333333333333'],
      capacityAlert: '150',
      allowReentry: true,
    };
    const { body } = readList(values, context);
    expect(body).toMatchObject({ ticketTypeIds: [TYPES[1]], capacityAlert: 150, allowReentry: true });
    expect(readList({ ...values, capacityAlert: 0 }, context).errors).toEqual({
      capacityAlert: 'wholeNumber',
    });
    expect(readList({ ...values, capacityAlert: '2.5' }, context).errors).toEqual({
      capacityAlert: 'wholeNumber',
    });
  });

  it('fills the form from a list, its window back in the event zone', () => {
    const list: CheckinList = {
      id: '44444444-4444-4444-8444-444444444444',
      eventId: '55555555-5555-4555-8555-555555555555',
      name: 'Main gate',
      allTicketTypes: false,
      ticketTypeIds: [TYPES[0]!],
      startsAt: '2026-07-14T16:00:00.000Z',
      endsAt: null,
      allowReentry: true,
      allowMultipleEntries: false,
      capacityAlert: 300,
      createdAt: '2026-07-01T00:00:00.000Z',
      updatedAt: '2026-07-01T00:00:00.000Z',
    };
    const values = listValuesOf(list, 'Europe/Paris');
    expect(values).toMatchObject({ startsAt: '2026-07-14T18:00', endsAt: '', capacityAlert: 300 });
    expect(readList(values, context).body).toMatchObject({
      ticketTypeIds: [TYPES[0]],
      startsAt: list.startsAt,
      endsAt: null,
      capacityAlert: 300,
    });
  });

  it('places the server refusals on their fields', () => {
    const error = new ApiError(400, 'argument-error', 'Invalid', [
      { path: ['endsAt'], message: 'The window must end after it starts' },
      { path: ['ticketTypeIds', 0], message: 'Invalid UUID' },
      { path: ['elsewhere'], message: 'x' },
    ]);
    expect(serverListErrors(error)).toEqual({ endsAt: 'endBeforeStart', ticketTypeIds: 'noTicketType' });
    expect(serverListErrors(new ApiError(404, 'not-found', 'Gone'))).toEqual({});
  });
});
