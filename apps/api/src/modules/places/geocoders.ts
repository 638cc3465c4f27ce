import type { Place } from '@guichet/shared/places';
import { z } from 'zod';
import type { GeocoderConfig } from '../../config';

export interface GeocoderQuery {
  q: string;
  limit: number;
  country?: string | undefined;
}

/** An online geocoder: answers within `signal`'s deadline or throws. */
export interface Geocoder {
  readonly name: 'nominatim' | 'google';
  search(query: GeocoderQuery, signal: AbortSignal): Promise<Place[]>;
}

type Fetch = typeof fetch;

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  return response.json();
}

const nominatimResultSchema = z.object({
  place_id: z.union([z.number(), z.string()]).optional(),
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  name: z.string().optional(),
  display_name: z.string(),
  address: z.record(z.string(), z.string()).optional(),
});

/**
 * A Nominatim-compatible search endpoint (`/search` of nominatim.org, Photon's Nominatim mode, a
 * self-hosted instance...), asked for JSON with address details.
 */
export function nominatimGeocoder(options: { url: string; userAgent: string; fetch?: Fetch }): Geocoder {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'nominatim',
    async search(query, signal) {
      const url = new URL(options.url);
      url.searchParams.set('q', query.q);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(query.limit));
      if (query.country) url.searchParams.set('countrycodes', query.country.toLowerCase());
      const response = await doFetch(url, {
        signal,
        headers: { accept: 'application/json', 'user-agent': options.userAgent },
      });
      const results = z.array(z.unknown()).parse(await json(response));
      const places: Place[] = [];
      for (const raw of results) {
        const parsed = nominatimResultSchema.safeParse(raw);
        if (!parsed.success) continue;
        const result = parsed.data;
        const address = result.address ?? {};
        const country = address.country_code?.toUpperCase();
        if (!country || !/^[A-Z]{2}$/.test(country)) continue;
        const city = address.city ?? address.town ?? address.village ?? address.municipality;
        const region = address.state ?? address.region ?? address.county;
        places.push({
          id: `nominatim:${result.osm_type && result.osm_id !== undefined ? `${result.osm_type}/${result.osm_id}` : (result.place_id ?? result.display_name)}`,
          name: result.name || (result.display_name.split(',')[0] ?? result.display_name).trim(),
          ...(region ? { region } : {}),
          country,
          ...(address.country ? { countryName: address.country } : {}),
          latitude: result.lat,
          longitude: result.lon,
          address: result.display_name,
          ...(address.postcode ? { postalCode: address.postcode } : {}),
          ...(city ? { city } : {}),
          source: 'nominatim',
        });
      }
      return places;
    },
  };
}

const googlePlaceSchema = z.object({
  id: z.string(),
  displayName: z.object({ text: z.string() }).optional(),
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  addressComponents: z
    .array(z.object({ longText: z.string(), shortText: z.string(), types: z.array(z.string()) }))
    .optional(),
});

export const GOOGLE_TEXT_SEARCH_URL = 'https://places.googleapis.com/v1/places:searchText';

/** Google Places API (New), Text Search: one POST, only the fields place search shows. */
export function googleGeocoder(options: { key: string; endpoint?: string; fetch?: Fetch }): Geocoder {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'google',
    async search(query, signal) {
      const response = await doFetch(options.endpoint ?? GOOGLE_TEXT_SEARCH_URL, {
        method: 'POST',
        signal,
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': options.key,
          'x-goog-fieldmask':
            'places.id,places.displayName,places.formattedAddress,places.location,places.addressComponents',
        },
        body: JSON.stringify({
          textQuery: query.q,
          pageSize: query.limit,
          ...(query.country ? { regionCode: query.country } : {}),
        }),
      });
      const body = z.object({ places: z.array(z.unknown()).optional() }).parse(await json(response));
      const places: Place[] = [];
      for (const raw of body.places ?? []) {
        const parsed = googlePlaceSchema.safeParse(raw);
        if (!parsed.success) continue;
        const place = parsed.data;
        const component = (type: string) => place.addressComponents?.find((c) => c.types.includes(type));
        const country = component('country')?.shortText.toUpperCase();
        // Text Search only biases towards a region, so the country filter is applied here.
        if (!country || (query.country && country !== query.country)) continue;
        const region = component('administrative_area_level_1')?.longText;
        const city = component('locality')?.longText ?? component('postal_town')?.longText;
        const postalCode = component('postal_code')?.longText;
        const countryName = component('country')?.longText;
        places.push({
          id: `google:${place.id}`,
          name: place.displayName?.text ?? place.formattedAddress ?? place.id,
          ...(region ? { region } : {}),
          country,
          ...(countryName ? { countryName } : {}),
          latitude: place.location.latitude,
          longitude: place.location.longitude,
          ...(place.formattedAddress ? { address: place.formattedAddress } : {}),
          ...(postalCode ? { postalCode } : {}),
          ...(city ? { city } : {}),
          source: 'google',
        });
      }
      return places.slice(0, query.limit);
    },
  };
}

/** The geocoder GEOCODER names, or none for the gazetteer alone. */
export function geocoderFromConfig(config: GeocoderConfig, userAgent: string): Geocoder | null {
  switch (config.kind) {
    case 'nominatim':
      return nominatimGeocoder({ url: config.url, userAgent });
    case 'google':
      return googleGeocoder({ key: config.key });
    case 'gazetteer':
      return null;
  }
}
