import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Place } from '@guichet/shared/places';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestContext } from '../../../test/support/harness';
import { loadConfig } from '../../config';
import { type Geocoder, googleGeocoder } from './geocoders';
import { mergePlaces, PlaceSearch } from './places.service';

/** A Nominatim stand-in on loopback: answers what `mode` says and records each request. */
let mode: 'ok' | 'slow' | 'error' | 'garbage' = 'ok';
const requests: { url: URL; headers: http.IncomingHttpHeaders; body: string }[] = [];
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    requests.push({ url: new URL(request.url ?? '/', 'http://127.0.0.1'), headers: request.headers, body });
    const send = (status: number, payload: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(payload);
    };
    if (request.url?.startsWith('/google')) return send(200, JSON.stringify(googleAnswer));
    if (mode === 'error') return send(503, '{"error":"overloaded"}');
    if (mode === 'garbage') return send(200, '<html>');
    if (mode === 'slow') {
      setTimeout(() => send(200, JSON.stringify(nominatimAnswer)), 1500).unref();
      return;
    }
    send(200, JSON.stringify(nominatimAnswer));
  });
});

const nominatimAnswer = [
  {
    place_id: 101,
    osm_type: 'way',
    osm_id: 4242,
    lat: '48.8719',
    lon: '2.3316',
    name: 'Palais Garnier',
    display_name: 'Palais Garnier, 8 Rue Scribe, Paris, Île-de-France, 75009, France',
    address: {
      road: 'Rue Scribe',
      city: 'Paris',
      state: 'Île-de-France',
      postcode: '75009',
      country: 'France',
      country_code: 'fr',
    },
  },
  // The city itself, which the gazetteer already gives: dropped from the merged list.
  {
    place_id: 102,
    osm_type: 'relation',
    osm_id: 7444,
    lat: '48.8535',
    lon: '2.3484',
    name: 'Paris',
    display_name: 'Paris, Île-de-France, France métropolitaine, France',
    address: { city: 'Paris', state: 'Île-de-France', country: 'France', country_code: 'fr' },
  },
  { place_id: 103, lat: '0', lon: '0', display_name: 'Somewhere at sea' },
  { nonsense: true },
];

const googleAnswer = {
  places: [
    {
      id: 'ChIJ123',
      displayName: { text: 'Olympia' },
      formattedAddress: '28 Bd des Capucines, 75009 Paris, France',
      location: { latitude: 48.8703, longitude: 2.3282 },
      addressComponents: [
        { longText: 'Paris', shortText: 'Paris', types: ['locality', 'political'] },
        { longText: 'Île-de-France', shortText: 'IDF', types: ['administrative_area_level_1', 'political'] },
        { longText: 'France', shortText: 'FR', types: ['country', 'political'] },
        { longText: '75009', shortText: '75009', types: ['postal_code'] },
      ],
    },
    {
      id: 'ChIJ456',
      displayName: { text: 'Olympia Theatre' },
      location: { latitude: 53.34, longitude: -6.26 },
      addressComponents: [{ longText: 'Ireland', shortText: 'IE', types: ['country'] }],
    },
  ],
};

let base: string;
let t: TestContext;
let token: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    GEOCODER: 'nominatim',
    NOMINATIM_URL: `${base}/search`,
    GEOCODER_TIMEOUT_MS: '300',
  });
  token = (await signUp(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

const search = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/places?${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Place[] }>().items;
};

describe('place search with Nominatim', () => {
  it('merges the geocoder’s addresses after the gazetteer’s cities', async () => {
    const items = await search('q=Paris&country=fr&limit=6');
    expect(items.map((place) => place.source)).toEqual([
      'gazetteer',
      'gazetteer',
      'gazetteer',
      'gazetteer',
      'gazetteer',
      'nominatim',
    ]);
    expect(items[0]).toMatchObject({ name: 'Paris', source: 'gazetteer' });
    expect(items[5]).toEqual({
      id: 'nominatim:way/4242',
      name: 'Palais Garnier',
      region: 'Île-de-France',
      country: 'FR',
      countryName: 'France',
      latitude: 48.8719,
      longitude: 2.3316,
      address: 'Palais Garnier, 8 Rue Scribe, Paris, Île-de-France, 75009, France',
      postalCode: '75009',
      city: 'Paris',
      source: 'nominatim',
    });
    const [request] = requests;
    expect(request?.url.pathname).toBe('/search');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      q: 'Paris',
      format: 'jsonv2',
      addressdetails: '1',
      limit: '6',
      countrycodes: 'fr',
    });
    expect(request?.headers['user-agent']).toMatch(/^Guichet\//);
  });

  it('keeps half of the places for the geocoder when the gazetteer has plenty', async () => {
    const items = await search('q=Palais%20Garnier');
    expect(items.map((place) => place.name)).toEqual(['Palais Garnier', 'Paris']);
    expect(items.map((place) => place.source)).toEqual(['nominatim', 'nominatim']);
  });

  it('asks the geocoder once for a repeated query', async () => {
    await search('q=Opera%20Paris');
    await search('q=opera%20paris');
    expect(requests).toHaveLength(1);
  });

  it('falls back to the gazetteer when the geocoder is too slow', async () => {
    mode = 'slow';
    const started = Date.now();
    const items = await search('q=Lyon');
    expect(Date.now() - started).toBeLessThan(1400);
    expect(items[0]).toMatchObject({ name: 'Lyon', source: 'gazetteer' });
    expect(items.every((place) => place.source === 'gazetteer')).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['error', 'Marseil'],
    ['garbage', 'Marseill'],
  ] as const)('falls back to the gazetteer on %s', async (failure, q) => {
    mode = failure;
    const items = await search(`q=${q}&limit=3&country=FR`);
    expect(items[0]).toMatchObject({ name: 'Marseille', source: 'gazetteer' });
    expect(items.every((place) => place.source === 'gazetteer')).toBe(true);
    // Failures are not cached: the next search asks again.
    mode = 'ok';
    const again = await search(`q=${q}&limit=3&country=FR`);
    expect(again.some((place) => place.source === 'nominatim')).toBe(true);
  });
});

describe('Google Places adapter', () => {
  it('asks Text Search for the fields it shows and keeps the requested country', async () => {
    const geocoder = googleGeocoder({ key: 'test-key', endpoint: `${base}/google` });
    const places = await geocoder.search(
      { q: 'Olympia', limit: 5, country: 'FR' },
      AbortSignal.timeout(1000),
    );
    expect(places).toEqual([
      {
        id: 'google:ChIJ123',
        name: 'Olympia',
        region: 'Île-de-France',
        country: 'FR',
        countryName: 'France',
        latitude: 48.8703,
        longitude: 2.3282,
        address: '28 Bd des Capucines, 75009 Paris, France',
        postalCode: '75009',
        city: 'Paris',
        source: 'google',
      },
    ]);
    const request = requests.at(-1);
    expect(request?.headers['x-goog-api-key']).toBe('test-key');
    expect(request?.headers['x-goog-fieldmask']).toContain('places.location');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      textQuery: 'Olympia',
      pageSize: 5,
      regionCode: 'FR',
    });
  });
});

describe('PlaceSearch', () => {
  const city = (name: string, latitude: number): Place => ({
    id: `geonames:${name}`,
    name,
    country: 'FR',
    latitude,
    longitude: 2,
    population: 1000,
    source: 'gazetteer',
  });
  const address = (name: string, latitude: number): Place => ({
    ...city(name, latitude),
    source: 'nominatim',
  });

  it('merges half and half, drops the geocoder’s copies of gazetteer cities', () => {
    const local = [city('A', 1), city('B', 2), city('C', 3), city('D', 4)];
    expect(
      mergePlaces(local, [address('X', 10), address('Y', 11), address('Z', 12)], 4).map((p) => p.name),
    ).toEqual(['A', 'B', 'X', 'Y']);
    expect(mergePlaces(local, [address('a', 1.01), address('X', 10)], 4).map((p) => p.name)).toEqual([
      'A',
      'B',
      'C',
      'X',
    ]);
    // The same name far away is another place.
    expect(mergePlaces([city('A', 1)], [address('A', 40)], 4)).toHaveLength(2);
  });

  it('caps each staff member’s online lookups and then answers from the gazetteer alone', async () => {
    let calls = 0;
    const geocoder: Geocoder = {
      name: 'nominatim',
      async search() {
        calls += 1;
        return [address('Venue', 10)];
      },
    };
    const places = new PlaceSearch({
      geocoder,
      timeoutMs: 1000,
      log: { warn: () => undefined },
      onlinePerMinute: 2,
      gazetteer: () => ({ search: () => [city('Paris', 48.85)] }) as never,
    });
    const query = (q: string) => ({ q, limit: 5 });
    expect((await places.search('staff-1', query('one'))).map((p) => p.source)).toEqual([
      'gazetteer',
      'nominatim',
    ]);
    await places.search('staff-1', query('two'));
    expect((await places.search('staff-1', query('three'))).map((p) => p.source)).toEqual(['gazetteer']);
    expect((await places.search('staff-2', query('three'))).map((p) => p.source)).toEqual([
      'gazetteer',
      'nominatim',
    ]);
    // Cached answers do not count.
    expect((await places.search('staff-1', query('one'))).map((p) => p.source)).toEqual([
      'gazetteer',
      'nominatim',
    ]);
    expect(calls).toBe(3);
  });
});

describe('configuration', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/guichet-test-unused' };
  it('defaults to the gazetteer alone', () => {
    expect(loadConfig(env).geocoder).toEqual({ kind: 'gazetteer' });
  });
  it('requires the setting each online geocoder needs', () => {
    expect(() => loadConfig({ ...env, GEOCODER: 'nominatim' })).toThrow(/NOMINATIM_URL/);
    expect(() => loadConfig({ ...env, GEOCODER: 'google' })).toThrow(/GOOGLE_PLACES_KEY/);
    expect(loadConfig({ ...env, GEOCODER: 'google', GOOGLE_PLACES_KEY: 'k' }).geocoder).toEqual({
      kind: 'google',
      key: 'k',
      timeoutMs: 2000,
    });
    expect(() => loadConfig({ ...env, GEOCODER: 'mapbox' })).toThrow(/GEOCODER/);
  });
});
