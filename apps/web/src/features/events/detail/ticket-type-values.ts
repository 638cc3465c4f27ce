import type { CreateTicketTypeBody, TicketType } from '@guichet/shared/events';
import { minorToDecimal, parseMoney } from '@guichet/shared/money';
import { isApiError } from '../../../lib/api-error';
import { refusedFields } from '../../../lib/field-errors';
import { utcToWallTime, wallTimeToUtc } from '../../../lib/time-zone';

export const CAPACITY_MAX = 10_000_000;
export const PER_ORDER_MAX = 1000;

/** The ticket-type form: price as typed, sales window as wall times in the event's zone. */
export interface TicketTypeFormValues {
  name: string;
  description: string;
  price: string;
  /** VAT rate in percent as typed ("5,5"); empty: the organisation's default rate. */
  vatRate: string;
  capacity: string | number;
  poolId: string | null;
  salesStart: string;
  salesEnd: string;
  minPerOrder: string | number;
  maxPerOrder: string | number;
  visibility: 'public' | 'hidden' | 'members';
  /** Members-only types: the lists that may buy, and the tickets one member may hold ('' for no limit). */
  memberListIds: string[];
  maxPerMember: string | number;
}
export type TicketTypeField = keyof TicketTypeFormValues;

/** The API's limits of a ticket type's and a pool's name and a ticket type's description. */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;

/** Each names a message under `eventEditor.problems`. */
export type TicketTypeProblem =
  | 'required'
  | 'tooLong'
  | 'invalid'
  | 'invalidDate'
  | 'priceInvalid'
  | 'priceTooPrecise'
  | 'priceTooLarge'
  | 'wholeNumber'
  | 'salesEndBeforeStart'
  | 'maxBelowMin'
  | 'capacityBelowSold';
export type TicketTypeErrors = Partial<Record<TicketTypeField, TicketTypeProblem>>;

export function emptyTicketTypeValues(): TicketTypeFormValues {
  return {
    name: '',
    description: '',
    price: '',
    vatRate: '',
    capacity: '',
    poolId: null,
    salesStart: '',
    salesEnd: '',
    minPerOrder: 1,
    maxPerOrder: 10,
    visibility: 'public',
    memberListIds: [],
    maxPerMember: '',
  };
}

export function ticketTypeValuesOf(type: TicketType, timeZone: string): TicketTypeFormValues {
  return {
    name: type.name,
    description: type.description,
    price: minorToDecimal(type.priceMinor, type.currency),
    vatRate: type.vatRateBp === null ? '' : String(type.vatRateBp / 100),
    capacity: type.capacity,
    poolId: type.poolId,
    salesStart: type.salesStart ? utcToWallTime(type.salesStart, timeZone) : '',
    salesEnd: type.salesEnd ? utcToWallTime(type.salesEnd, timeZone) : '',
    minPerOrder: type.minPerOrder,
    maxPerOrder: type.maxPerOrder,
    visibility: type.visibility,
    memberListIds: type.memberListIds,
    maxPerMember: type.maxPerMember ?? '',
  };
}

/**
 * A VAT rate typed in percent ("20", "5,5", "2.1") as basis points; null when empty (the organisation's
 * default); undefined when it is not a rate (negative, above 100, more than two decimals).
 */
export function vatRateOf(input: string): number | null | undefined {
  const text = input.trim().replace(',', '.').replace(/\s*%$/, '');
  if (text === '') return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return undefined;
  const basisPoints = Math.round(Number(text) * 100);
  return basisPoints <= 10000 ? basisPoints : undefined;
}

/** A whole number in [min, max] from a number field, or undefined. */
export function wholeNumber(value: string | number, min: number, max: number): number | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

const PRICE_PROBLEMS = {
  empty: 'required',
  invalid: 'priceInvalid',
  'too-precise': 'priceTooPrecise',
  'too-large': 'priceTooLarge',
} as const;

/**
 * Checks the form like the API does and builds the body when it passes. The price is read in the event's
 * currency (its number of decimals), the sales window in the event's zone.
 */
export function readTicketType(
  values: TicketTypeFormValues,
  context: { currency: string; timeZone: string },
): { errors: TicketTypeErrors; body?: CreateTicketTypeBody } {
  const errors: TicketTypeErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > NAME_MAX) errors.name = 'tooLong';
  if (values.description.trim().length > DESCRIPTION_MAX) errors.description = 'tooLong';
  const price = parseMoney(values.price, context.currency);
  if (!price.ok) errors.price = PRICE_PROBLEMS[price.reason];
  const vatRateBp = vatRateOf(values.vatRate);
  if (vatRateBp === undefined) errors.vatRate = 'invalid';
  const capacity = wholeNumber(values.capacity, 0, CAPACITY_MAX);
  if (capacity === undefined) errors.capacity = values.capacity === '' ? 'required' : 'wholeNumber';
  const minPerOrder = wholeNumber(values.minPerOrder, 1, PER_ORDER_MAX);
  const maxPerOrder = wholeNumber(values.maxPerOrder, 1, PER_ORDER_MAX);
  if (minPerOrder === undefined) errors.minPerOrder = 'wholeNumber';
  if (maxPerOrder === undefined) errors.maxPerOrder = 'wholeNumber';
  else if (minPerOrder !== undefined && maxPerOrder < minPerOrder) errors.maxPerOrder = 'maxBelowMin';
  const salesStart = values.salesStart ? wallTimeToUtc(values.salesStart, context.timeZone) : null;
  const salesEnd = values.salesEnd ? wallTimeToUtc(values.salesEnd, context.timeZone) : null;
  if (values.salesStart && !salesStart) errors.salesStart = 'invalidDate';
  if (values.salesEnd && !salesEnd) errors.salesEnd = 'invalidDate';
  else if (salesStart && salesEnd && Date.parse(salesEnd) <= Date.parse(salesStart)) {
    errors.salesEnd = 'salesEndBeforeStart';
  }
  const members = values.visibility === 'members';
  if (members && values.memberListIds.length === 0) errors.memberListIds = 'required';
  const noLimit = values.maxPerMember === '';
  const maxPerMember = noLimit ? null : wholeNumber(values.maxPerMember, 1, PER_ORDER_MAX);
  if (members && maxPerMember === undefined) errors.maxPerMember = 'wholeNumber';
  if (Object.keys(errors).length > 0 || !price.ok) return { errors };
  return {
    errors,
    body: {
      name,
      description: values.description.trim(),
      priceMinor: price.minor,
      vatRateBp: vatRateBp ?? null,
      capacity: capacity ?? 0,
      poolId: values.poolId,
      salesStart,
      salesEnd,
      minPerOrder: minPerOrder ?? 1,
      maxPerOrder: maxPerOrder ?? 1,
      visibility: values.visibility,
      memberListIds: members ? values.memberListIds : [],
      maxPerMember: members ? (maxPerMember ?? null) : null,
    },
  };
}

/**
 * A refusal placed on its field: a 400's details by path, and a 409 `capacity-below-sold` on the capacity
 * (with the minimum, to say how low it may go). Empty for errors the form shows as a whole.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { errors: Partial<Record<F, TicketTypeProblem>>; minimum?: number } {
  const errors: Partial<Record<F, TicketTypeProblem>> = {};
  const known = (field: string): field is F => (fields as readonly string[]).includes(field);
  if (isApiError(error) && error.code === 'capacity-below-sold' && known('capacity')) {
    const minimum = (error.details as { minimum?: unknown } | undefined)?.minimum;
    (errors as Record<string, TicketTypeProblem>).capacity = 'capacityBelowSold';
    return { errors, minimum: typeof minimum === 'number' ? minimum : undefined };
  }
  // `memberListIds.2` (one list of several) marks the lists' field.
  for (const field of refusedFields(error).map((path) => path.replace(/\.\d+$/, ''))) {
    if (!known(field)) continue;
    errors[field] ??=
      field === 'salesEnd' ? 'salesEndBeforeStart' : field === 'maxPerOrder' ? 'maxBelowMin' : 'invalid';
  }
  return { errors };
}

/** The ticket types' new order: the list with one moved a step up (-1) or down (+1). */
export function moved(ids: readonly string[], id: string, step: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The capacity-pool form: a name, a capacity and the ticket types that share it. */
export interface PoolFormValues {
  name: string;
  capacity: string | number;
  ticketTypeIds: string[];
}
export type PoolErrors = Partial<Record<'name' | 'capacity', TicketTypeProblem>>;

export function readPool(values: PoolFormValues): {
  errors: PoolErrors;
  body?: { name: string; capacity: number };
} {
  const errors: PoolErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > NAME_MAX) errors.name = 'tooLong';
  const capacity = wholeNumber(values.capacity, 0, CAPACITY_MAX);
  if (capacity === undefined) errors.capacity = values.capacity === '' ? 'required' : 'wholeNumber';
  if (capacity === undefined || errors.name) return { errors };
  return { errors, body: { name, capacity } };
}
