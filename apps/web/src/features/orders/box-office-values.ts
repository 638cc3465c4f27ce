import type { TicketType } from '@guichet/shared/events';
import { type CreateBoxOfficeOrderBody, MAX_TICKETS_PER_ORDER } from '@guichet/shared/orders';
import type { TFunction } from '../../lib/i18n';

export interface BoxOfficeValues {
  /** Tickets wanted per ticket type id; 0 or absent for none. */
  quantities: Record<string, number>;
  /** Attendee names per ticket type id, one per ticket, blank for unnamed. */
  names: Record<string, string[]>;
  payment: 'comp' | 'paid';
  buyerName: string;
  buyerEmail: string;
  sendEmail: boolean;
  note: string;
}

export const emptyBoxOffice = (): BoxOfficeValues => ({
  quantities: {},
  names: {},
  payment: 'paid',
  buyerName: '',
  buyerEmail: '',
  sendEmail: true,
  note: '',
});

export type BoxOfficeErrors = Partial<Record<'lines' | 'buyerName' | 'buyerEmail', string>> & {
  types?: Record<string, string>;
};

/** The same shape check as the API's (an address with one @ and a dot after it), to answer before sending. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const chosen = (values: BoxOfficeValues, types: readonly TicketType[]) =>
  types.filter((type) => (values.quantities[type.id] ?? 0) > 0);

/**
 * What is wrong before the order is sent: each type within its per-order limits and what is left, the
 * order within the API's ticket limit, a buyer. The server checks capacity again under lock.
 */
export function validateBoxOffice(
  values: BoxOfficeValues,
  types: readonly TicketType[],
  t: TFunction,
): BoxOfficeErrors {
  const errors: BoxOfficeErrors = {};
  const typeErrors: Record<string, string> = {};
  for (const type of chosen(values, types)) {
    const quantity = values.quantities[type.id] ?? 0;
    if (quantity > type.left)
      typeErrors[type.id] = t('orders.boxOffice.notEnough', { left: type.left, name: type.name });
    else if (quantity < type.minPerOrder)
      typeErrors[type.id] = t('orders.boxOffice.belowMin', { min: type.minPerOrder, name: type.name });
    else if (quantity > type.maxPerOrder)
      typeErrors[type.id] = t('orders.boxOffice.aboveMax', { max: type.maxPerOrder, name: type.name });
  }
  if (Object.keys(typeErrors).length > 0) errors.types = typeErrors;
  const count = ticketCount(values, types);
  if (count === 0) errors.lines = t('orders.boxOffice.noTickets');
  else if (count > MAX_TICKETS_PER_ORDER)
    errors.lines = t('orders.boxOffice.tooMany', { max: MAX_TICKETS_PER_ORDER });
  if (!values.buyerName.trim()) errors.buyerName = t('orders.boxOffice.nameRequired');
  if (!EMAIL.test(values.buyerEmail.trim())) errors.buyerEmail = t('orders.boxOffice.emailInvalid');
  return errors;
}

export const hasErrors = (errors: BoxOfficeErrors) => Object.keys(errors).length > 0;

export function ticketCount(values: BoxOfficeValues, types: readonly TicketType[]): number {
  return chosen(values, types).reduce((sum, type) => sum + (values.quantities[type.id] ?? 0), 0);
}

/** What the order costs: nothing when complimentary. */
export function totalMinor(values: BoxOfficeValues, types: readonly TicketType[]): number {
  if (values.payment === 'comp') return 0;
  return chosen(values, types).reduce(
    (sum, type) => sum + type.priceMinor * (values.quantities[type.id] ?? 0),
    0,
  );
}

/**
 * The request body. Blank attendee names are left out: tickets of one type are alike, so the names typed
 * go to the first tickets and the rest stay unnamed (the API takes no empty names).
 */
export function boxOfficeBody(
  values: BoxOfficeValues,
  types: readonly TicketType[],
  locale: 'en' | 'fr',
): CreateBoxOfficeOrderBody {
  const note = values.note.trim();
  return {
    buyer: { name: values.buyerName.trim(), email: values.buyerEmail.trim() },
    lines: chosen(values, types).map((type) => {
      const quantity = values.quantities[type.id] ?? 0;
      const attendeeNames = (values.names[type.id] ?? [])
        .slice(0, quantity)
        .map((name) => name.trim())
        .filter(Boolean);
      return { ticketTypeId: type.id, quantity, ...(attendeeNames.length > 0 ? { attendeeNames } : {}) };
    }),
    payment: values.payment,
    sendEmail: values.sendEmail,
    locale,
    ...(note ? { note } : {}),
  };
}

/** After a sold-out answer, with the event read again: the chosen types that no longer have enough left. */
export function shortTypes(values: BoxOfficeValues, fresh: readonly TicketType[]): TicketType[] {
  return chosen(values, fresh).filter((type) => (values.quantities[type.id] ?? 0) > type.left);
}
