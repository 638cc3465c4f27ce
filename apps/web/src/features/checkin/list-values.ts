import type { CheckinList, CreateCheckinListBody } from '@guichet/shared/scan';
import { refusedFields } from '../../lib/field-errors';
import { utcToWallTime, wallTimeToUtc } from '../../lib/time-zone';

export const LIST_NAME_MAX = 100;
export const ALERT_MAX = 10_000_000;

/** The check-in list form: its window as wall times in the event's zone, the alert as typed. */
export interface ListFormValues {
  name: string;
  allTicketTypes: boolean;
  ticketTypeIds: string[];
  startsAt: string;
  endsAt: string;
  allowReentry: boolean;
  allowMultipleEntries: boolean;
  capacityAlert: string | number;
}
export type ListField = keyof ListFormValues;

/** Each names a message under `checkin.lists.problems`. */
export type ListProblem =
  | 'required'
  | 'tooLong'
  | 'invalid'
  | 'invalidDate'
  | 'endBeforeStart'
  | 'noTicketType'
  | 'wholeNumber';
export type ListErrors = Partial<Record<ListField, ListProblem>>;

export function emptyListValues(): ListFormValues {
  return {
    name: '',
    allTicketTypes: true,
    ticketTypeIds: [],
    startsAt: '',
    endsAt: '',
    allowReentry: false,
    allowMultipleEntries: false,
    capacityAlert: '',
  };
}

export function listValuesOf(list: CheckinList, timeZone: string): ListFormValues {
  return {
    name: list.name,
    allTicketTypes: list.allTicketTypes,
    ticketTypeIds: [...list.ticketTypeIds],
    startsAt: list.startsAt ? utcToWallTime(list.startsAt, timeZone) : '',
    endsAt: list.endsAt ? utcToWallTime(list.endsAt, timeZone) : '',
    allowReentry: list.allowReentry,
    allowMultipleEntries: list.allowMultipleEntries,
    capacityAlert: list.capacityAlert ?? '',
  };
}

/** The full body: the same for creation and for a change (a change sends every field, which is allowed). */
export type ListBody = Required<Omit<CreateCheckinListBody, 'startsAt' | 'endsAt' | 'capacityAlert'>> & {
  startsAt: string | null;
  endsAt: string | null;
  capacityAlert: number | null;
};

/**
 * Checks the form as the API does and builds the body when it passes. The window is read in the event's
 * zone; only ticket types still on the event are sent.
 */
export function readList(
  values: ListFormValues,
  context: { timeZone: string; ticketTypeIds: readonly string[] },
): { errors: ListErrors; body?: ListBody } {
  const errors: ListErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > LIST_NAME_MAX) errors.name = 'tooLong';
  const ticketTypeIds = values.ticketTypeIds.filter((id) => context.ticketTypeIds.includes(id));
  if (!values.allTicketTypes && ticketTypeIds.length === 0) errors.ticketTypeIds = 'noTicketType';
  const startsAt = values.startsAt ? wallTimeToUtc(values.startsAt, context.timeZone) : null;
  const endsAt = values.endsAt ? wallTimeToUtc(values.endsAt, context.timeZone) : null;
  if (values.startsAt && !startsAt) errors.startsAt = 'invalidDate';
  if (values.endsAt && !endsAt) errors.endsAt = 'invalidDate';
  else if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errors.endsAt = 'endBeforeStart';
  let capacityAlert: number | null = null;
  const alert = typeof values.capacityAlert === 'string' ? values.capacityAlert.trim() : values.capacityAlert;
  if (alert !== '') {
    const number = Number(alert);
    if (Number.isInteger(number) && number >= 1 && number <= ALERT_MAX) capacityAlert = number;
    else errors.capacityAlert = 'wholeNumber';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      name,
      allTicketTypes: values.allTicketTypes,
      ticketTypeIds: values.allTicketTypes ? [] : ticketTypeIds,
      startsAt,
      endsAt,
      allowReentry: values.allowReentry,
      allowMultipleEntries: values.allowMultipleEntries,
      capacityAlert,
    },
  };
}

const FIELDS: readonly ListField[] = Object.keys(emptyListValues()) as ListField[];
const SERVER_PROBLEMS: Partial<Record<ListField, ListProblem>> = {
  endsAt: 'endBeforeStart',
  ticketTypeIds: 'noTicketType',
  capacityAlert: 'wholeNumber',
};

/** A 400's details placed on the fields they name; empty for errors the form shows as a whole. */
export function serverListErrors(error: unknown): ListErrors {
  const errors: ListErrors = {};
  for (const path of refusedFields(error)) {
    const field = path.split('.')[0] as ListField;
    if (!FIELDS.includes(field)) continue;
    errors[field] ??= SERVER_PROBLEMS[field] ?? 'invalid';
  }
  return errors;
}
