import type { CreateEventBody, EventDetail, UpdateEventBody } from '@guichet/shared/events';
import type { Place } from '@guichet/shared/places';
import { refusedFields } from '../../../lib/field-errors';
import { utcToWallTime, wallTimeToUtc } from '../../../lib/time-zone';

/** What the event form holds: times as wall times in the event's zone, empty strings for blank fields. */
export interface EventFormValues {
  name: string;
  /** HTML from the description editor (the server sanitises it). */
  description: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  locationType: 'venue' | 'online';
  venueName: string;
  venueAddress: string;
  latitude: number | null;
  longitude: number | null;
  onlineUrl: string;
  coverFileId: string | null;
  /** Online checkout asks for each attendee's name. */
  attendeeNamesRequired: boolean;
}
export type EventField = keyof EventFormValues;

/** Each names a message under `eventEditor.problems`. */
export type EventProblem =
  | 'required'
  | 'tooLong'
  | 'invalidDate'
  | 'startInPast'
  | 'endBeforeStart'
  | 'venueRequired'
  | 'venueWhere'
  | 'linkRequired'
  | 'invalidLink'
  | 'coverMissing'
  | 'invalid';
export type EventErrors = Partial<Record<EventField, EventProblem>>;

export const NAME_MAX = 200;

export function emptyEventValues(timeZone: string): EventFormValues {
  return {
    name: '',
    description: '',
    timeZone,
    startsAt: '',
    endsAt: '',
    locationType: 'venue',
    venueName: '',
    venueAddress: '',
    latitude: null,
    longitude: null,
    onlineUrl: '',
    coverFileId: null,
    attendeeNamesRequired: false,
  };
}

export function eventValuesOf(event: EventDetail): EventFormValues {
  return {
    name: event.name,
    description: event.description,
    timeZone: event.timeZone,
    startsAt: utcToWallTime(event.startsAt, event.timeZone),
    endsAt: utcToWallTime(event.endsAt, event.timeZone),
    locationType: event.locationType,
    venueName: event.venue?.name ?? '',
    venueAddress: event.venue?.address ?? '',
    latitude: event.venue?.latitude ?? null,
    longitude: event.venue?.longitude ?? null,
    onlineUrl: event.onlineUrl ?? '',
    coverFileId: event.coverFileId,
    attendeeNamesRequired: event.attendeeNamesRequired ?? false,
  };
}

/**
 * The venue fields a place-search suggestion fills: a geocoder's address as it is, or for a city of the
 * gazetteer (which has no street address) its name, region and country.
 */
export function venueFromPlace(
  place: Place,
): Pick<EventFormValues, 'venueName' | 'venueAddress' | 'latitude' | 'longitude'> {
  const address =
    place.address ??
    [place.name, place.region, place.countryName ?? place.country].filter(Boolean).join(', ');
  return {
    venueName: place.name,
    venueAddress: address,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** Whether the editor holds no visible text (it leaves `<p><br></p>` and the like behind when emptied). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, '')
      .trim() === ''
  );
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The form's own checks, each reported on the field it concerns: the same rules as the API, so that a
 * mistake shows next to its field before anything is sent. `isNew` adds "not in the past".
 */
export function validateEvent(
  values: EventFormValues,
  options: { isNew: boolean; now?: number },
): EventErrors {
  const errors: EventErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > NAME_MAX) errors.name = 'tooLong';
  if (!values.timeZone) errors.timeZone = 'required';

  const start = values.timeZone ? wallTimeToUtc(values.startsAt, values.timeZone) : null;
  const end = values.timeZone ? wallTimeToUtc(values.endsAt, values.timeZone) : null;
  if (!values.startsAt) errors.startsAt = 'required';
  else if (!start) errors.startsAt = 'invalidDate';
  else if (options.isNew && Date.parse(start) < (options.now ?? Date.now())) errors.startsAt = 'startInPast';
  if (!values.endsAt) errors.endsAt = 'required';
  else if (!end) errors.endsAt = 'invalidDate';
  else if (start && Date.parse(end) <= Date.parse(start)) errors.endsAt = 'endBeforeStart';

  if (values.locationType === 'venue') {
    if (!values.venueName.trim()) errors.venueName = 'venueRequired';
    else if (!values.venueAddress.trim() && (values.latitude === null || values.longitude === null)) {
      errors.venueAddress = 'venueWhere';
    }
  } else if (!values.onlineUrl.trim()) errors.onlineUrl = 'linkRequired';
  else if (!isHttpUrl(values.onlineUrl)) errors.onlineUrl = 'invalidLink';
  return errors;
}

const orNull = (text: string) => text.trim() || null;

/** The POST body of a valid form: wall times become UTC instants, only the chosen kind of place is kept. */
export function createBodyOf(values: EventFormValues): CreateEventBody {
  const venue = values.locationType === 'venue';
  return {
    name: values.name.trim(),
    description: isBlankHtml(values.description) ? '' : values.description,
    timeZone: values.timeZone,
    startsAt: wallTimeToUtc(values.startsAt, values.timeZone) ?? values.startsAt,
    endsAt: wallTimeToUtc(values.endsAt, values.timeZone) ?? values.endsAt,
    locationType: values.locationType,
    venueName: venue ? orNull(values.venueName) : null,
    venueAddress: venue ? orNull(values.venueAddress) : null,
    latitude: venue ? values.latitude : null,
    longitude: venue ? values.longitude : null,
    onlineUrl: venue ? null : values.onlineUrl.trim(),
    coverFileId: values.coverFileId,
    attendeeNamesRequired: values.attendeeNamesRequired,
  };
}

/** The PATCH body: only the fields whose saved value would change. */
export function updateBodyOf(values: EventFormValues, saved: EventFormValues): UpdateEventBody {
  const next = createBodyOf(values);
  const before = createBodyOf(saved);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof CreateEventBody)[]) {
    if (next[key] !== before[key]) body[key] = next[key];
  }
  return body as UpdateEventBody;
}

/** What a server refusal of a field means, for the rules that span fields; anything else is "invalid". */
const SERVER_PROBLEMS: Partial<Record<EventField, EventProblem>> = {
  startsAt: 'startInPast',
  endsAt: 'endBeforeStart',
  venueName: 'venueRequired',
  onlineUrl: 'invalidLink',
  coverFileId: 'coverMissing',
};
const FIELDS = new Set<string>(Object.keys(emptyEventValues('UTC')));

/**
 * A 400's details placed on the fields they name; coordinates are shown with the address. Empty when the
 * error is of another kind, which the form shows above its buttons.
 */
export function serverEventErrors(error: unknown): EventErrors {
  const errors: EventErrors = {};
  for (const field of refusedFields(error)) {
    if (!FIELDS.has(field)) continue;
    const shown = (field === 'latitude' || field === 'longitude' ? 'venueAddress' : field) as EventField;
    errors[shown] ??= SERVER_PROBLEMS[field as EventField] ?? 'invalid';
  }
  return errors;
}
