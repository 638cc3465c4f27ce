import type { EventDetail } from '@guichet/shared/events';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  createBodyOf,
  type EventFormValues,
  emptyEventValues,
  eventValuesOf,
  isBlankHtml,
  serverEventErrors,
  updateBodyOf,
  validateEvent,
  venueFromPlace,
} from './event-values';

const NOW = Date.parse('2026-06-01T10:00:00Z');

function valid(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return {
    ...emptyEventValues('Europe/Paris'),
    name: 'Summer Concert',
    startsAt: '2026-07-14T20:00',
    endsAt: '2026-07-14T23:00',
    venueName: 'La Cigale',
    venueAddress: '120 Boulevard de Rochechouart, 75018 Paris',
    latitude: 48.882,
    longitude: 2.34,
    ...overrides,
  };
}

describe('validateEvent', () => {
  it('accepts a complete in-person event', () => {
    expect(validateEvent(valid(), { isNew: true, now: NOW })).toEqual({});
  });

  it.each<[string, Partial<EventFormValues>, object]>([
    ['a blank name', { name: '   ' }, { name: 'required' }],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, { name: 'tooLong' }],
    ['no start and no end', { startsAt: '', endsAt: '' }, { startsAt: 'required', endsAt: 'required' }],
    ['an impossible date', { startsAt: '2026-02-30T20:00' }, { startsAt: 'invalidDate' }],
    ['an end before the start', { endsAt: '2026-07-14T19:00' }, { endsAt: 'endBeforeStart' }],
    ['an end equal to the start', { endsAt: '2026-07-14T20:00' }, { endsAt: 'endBeforeStart' }],
    [
      'a start in the past',
      { startsAt: '2026-06-01T11:59', endsAt: '2026-06-01T13:00' },
      { startsAt: 'startInPast' },
    ],
    ['an in-person event without a venue', { venueName: '' }, { venueName: 'venueRequired' }],
    [
      'a venue with neither address nor coordinates',
      { venueAddress: '', latitude: null, longitude: null },
      { venueAddress: 'venueWhere' },
    ],
    ['an online event without a link', { locationType: 'online' }, { onlineUrl: 'linkRequired' }],
    [
      'an online event with a link that is not http(s)',
      { locationType: 'online', onlineUrl: 'javascript:alert(1)' },
      { onlineUrl: 'invalidLink' },
    ],
    [
      'an online event with text for a link',
      { locationType: 'online', onlineUrl: 'zoom' },
      { onlineUrl: 'invalidLink' },
    ],
  ])('reports %s next to its field', (_label, overrides, errors) => {
    expect(validateEvent(valid(overrides), { isNew: true, now: NOW })).toEqual(errors);
  });

  it('reads the start in the event zone: 11:30 in Paris is already past at 10:00 UTC', () => {
    const values = valid({ startsAt: '2026-06-01T11:30', endsAt: '2026-06-01T14:00' });
    expect(validateEvent(values, { isNew: true, now: NOW }).startsAt).toBe('startInPast');
    const inNewYork = { ...values, timeZone: 'America/New_York' };
    expect(validateEvent(inNewYork, { isNew: true, now: NOW }).startsAt).toBeUndefined();
  });

  it('lets an existing event keep a start in the past', () => {
    const values = valid({ startsAt: '2026-05-01T20:00', endsAt: '2026-05-01T23:00' });
    expect(validateEvent(values, { isNew: false, now: NOW })).toEqual({});
  });

  it('needs no venue for an online event, only its link', () => {
    const values = valid({ locationType: 'online', venueName: '', onlineUrl: 'https://meet.example/abc' });
    expect(validateEvent(values, { isNew: true, now: NOW })).toEqual({});
  });

  it('accepts a venue found on the map without an address', () => {
    expect(validateEvent(valid({ venueAddress: '' }), { isNew: true, now: NOW })).toEqual({});
  });
});

describe('bodies', () => {
  it('sends UTC instants and only the chosen kind of place', () => {
    const body = createBodyOf(valid({ onlineUrl: 'https://left.over', description: '<p><br></p>' }));
    expect(body).toMatchObject({
      startsAt: '2026-07-14T18:00:00.000Z',
      endsAt: '2026-07-14T21:00:00.000Z',
      onlineUrl: null,
      venueName: 'La Cigale',
      description: '',
    });
    const online = createBodyOf(valid({ locationType: 'online', onlineUrl: ' https://meet.example/abc ' }));
    expect(online).toMatchObject({ venueName: null, latitude: null, onlineUrl: 'https://meet.example/abc' });
  });

  it('patches only what changed', () => {
    const saved = valid();
    expect(updateBodyOf(saved, saved)).toEqual({});
    expect(updateBodyOf({ ...saved, name: 'Renamed', endsAt: '2026-07-15T00:30' }, saved)).toEqual({
      name: 'Renamed',
      endsAt: '2026-07-14T22:30:00.000Z',
    });
    // Another zone moves the same wall times to other instants.
    expect(updateBodyOf({ ...saved, timeZone: 'UTC' }, saved)).toEqual({
      timeZone: 'UTC',
      startsAt: '2026-07-14T20:00:00.000Z',
      endsAt: '2026-07-14T23:00:00.000Z',
    });
  });

  it('reads an event back into the form in its own zone', () => {
    const event = {
      name: 'Jazz',
      description: '<p>Hi</p>',
      timeZone: 'America/New_York',
      startsAt: '2026-07-15T00:00:00.000Z',
      endsAt: '2026-07-15T03:00:00.000Z',
      locationType: 'online',
      venue: null,
      onlineUrl: 'https://meet.example/jazz',
      coverFileId: null,
    } as EventDetail;
    expect(eventValuesOf(event)).toMatchObject({
      startsAt: '2026-07-14T20:00',
      endsAt: '2026-07-14T23:00',
      venueName: '',
      onlineUrl: 'https://meet.example/jazz',
    });
  });
});

describe('isBlankHtml', () => {
  it.each([
    ['', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; </p>', true],
    ['<ul><li></li></ul>', true],
    ['<p>Hello</p>', false],
  ])('%j is blank: %s', (html, blank) => {
    expect(isBlankHtml(html)).toBe(blank);
  });
});

describe('serverEventErrors', () => {
  it('puts the API’s field details next to their fields', () => {
    const error = new ApiError(400, 'argument-error', 'The request is invalid.', [
      { path: 'body.endsAt', message: 'The end must be after the start.' },
      { path: 'body.latitude', message: 'Give both coordinates or neither.' },
      { path: 'body.coverFileId', message: 'No such file in this organisation.' },
      { path: 'body.name', message: 'Too big' },
      { path: 'body.unknownThing', message: 'Nope' },
    ]);
    expect(serverEventErrors(error)).toEqual({
      endsAt: 'endBeforeStart',
      venueAddress: 'invalid',
      coverFileId: 'coverMissing',
      name: 'invalid',
    });
  });

  it('leaves other errors to the form', () => {
    expect(serverEventErrors(new ApiError(409, 'invalid-status-transition', 'No'))).toEqual({});
    expect(serverEventErrors(new Error('network'))).toEqual({});
  });
});

describe('venueFromPlace', () => {
  it('takes a geocoder’s address as it is', () => {
    const place = {
      id: 'n1',
      name: 'La Cigale',
      country: 'FR',
      latitude: 48.882,
      longitude: 2.34,
      address: '120 Boulevard de Rochechouart, 75018 Paris, France',
      source: 'nominatim',
    } as const;
    expect(venueFromPlace(place)).toEqual({
      venueName: 'La Cigale',
      venueAddress: '120 Boulevard de Rochechouart, 75018 Paris, France',
      latitude: 48.882,
      longitude: 2.34,
    });
  });

  it('writes a gazetteer city as name, region and country', () => {
    const city = {
      id: 'g1',
      name: 'Lyon',
      region: 'Auvergne-Rhône-Alpes',
      country: 'FR',
      countryName: 'France',
      latitude: 45.75,
      longitude: 4.85,
      source: 'gazetteer',
    } as const;
    expect(venueFromPlace(city).venueAddress).toBe('Lyon, Auvergne-Rhône-Alpes, France');
    expect(venueFromPlace({ ...city, region: undefined, countryName: undefined }).venueAddress).toBe(
      'Lyon, FR',
    );
  });
});
