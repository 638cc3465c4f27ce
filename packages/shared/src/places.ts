import { z } from 'zod';

export const PLACE_SOURCES = ['gazetteer', 'nominatim', 'google'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];

/** A place offered by place search: a city of the embedded gazetteer, or an address from a geocoder. */
export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Region or first-level administrative area, when known. */
  region: z.string().optional(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  countryName: z.string().optional(),
  latitude: z.number(),
  longitude: z.number(),
  /** Inhabitants, for cities of the gazetteer. */
  population: z.number().int().nonnegative().optional(),
  /** One-line postal address, for results of an online geocoder. */
  address: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  source: z.enum(PLACE_SOURCES),
});
export type Place = z.infer<typeof placeSchema>;

export const PLACE_SEARCH_MAX_LIMIT = 20;

export const placeSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(100),
  limit: z.coerce.number().int().min(1).max(PLACE_SEARCH_MAX_LIMIT).default(8),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code')
    .transform((code) => code.toUpperCase())
    .optional(),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuerySchema>;

export const placeListSchema = z.object({ items: z.array(placeSchema) });
export type PlaceList = z.infer<typeof placeListSchema>;

/** GET /api/map/config: how the web app draws its maps. */
export const mapConfigSchema = z.object({
  /** Leaflet tile URL template with {z}, {x}, {y} (and optionally {s}); null when maps have no tiles. */
  tileUrl: z.string().nullable(),
  /** Credit shown in the map's corner, as the tile provider requires. */
  attribution: z.string(),
  /** Deepest zoom level the tiles offer; the map never zooms further. */
  maxZoom: z.number().int().min(0).max(24),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;
