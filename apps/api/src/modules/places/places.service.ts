import { type Gazetteer, loadGazetteer } from '@guichet/gazetteer/gazetteer';
import { normalizeName } from '@guichet/gazetteer/normalize';
import type { Place, PlaceSearchQuery } from '@guichet/shared/places';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import { MemoryRateLimitStore, RateLimiter } from '../../plugins/rate-limit';
import type { Geocoder } from './geocoders';

export interface PlaceSearchOptions {
  geocoder: Geocoder | null;
  /** Deadline of one online lookup; past it the gazetteer answers alone. */
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Online lookups per staff member per minute; past it the gazetteer answers alone. */
  onlinePerMinute?: number;
  gazetteer?: () => Gazetteer;
  now?: () => number;
}

const CACHE_SIZE = 500;
const CACHE_TTL_MS = 10 * 60 * 1000;
/** Two results closer than this with the same name are the same place. */
const SAME_PLACE_KM = 5;

function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Gazetteer cities first, then the geocoder's addresses, each side keeping at least half of the places
 * when the other has enough; a geocoder result naming a city the gazetteer already gave is dropped.
 */
export function mergePlaces(local: Place[], online: Place[], limit: number): Place[] {
  const fresh = online.filter(
    (candidate) =>
      !local.some(
        (city) =>
          city.country === candidate.country &&
          normalizeName(city.name) === normalizeName(candidate.name) &&
          distanceKm(city, candidate) < SAME_PLACE_KM,
      ),
  );
  const half = Math.ceil(limit / 2);
  const localCount = Math.min(local.length, Math.max(half, limit - fresh.length));
  return [...local.slice(0, localCount), ...fresh.slice(0, limit - localCount)];
}

/**
 * Place search: the embedded gazetteer always answers (it needs no network); an online geocoder, when
 * configured, adds addresses within a short deadline. Its answers are cached for ten minutes (typing
 * repeats queries, and public Nominatim asks for caching), and each staff member's online lookups are
 * capped; errors, timeouts and the cap all fall back to the gazetteer alone.
 */
export class PlaceSearch {
  private readonly cache = new Map<string, { places: Place[]; expiresAt: number }>();
  private readonly limiter: RateLimiter;
  private readonly gazetteer: () => Gazetteer;
  private readonly now: () => number;

  constructor(private readonly options: PlaceSearchOptions) {
    this.now = options.now ?? Date.now;
    // A budget of this process's calls to the geocoder: it only decides the fallback, never a 429.
    this.limiter = new RateLimiter(
      'places-online',
      options.onlinePerMinute ?? 60,
      60_000,
      new MemoryRateLimitStore(this.now),
      { headers: false },
    );
    this.gazetteer = options.gazetteer ?? loadGazetteer;
  }

  async search(staffId: string, query: PlaceSearchQuery): Promise<Place[]> {
    const local: Place[] = this.gazetteer().search(query.q, { limit: query.limit, country: query.country });
    const { geocoder } = this.options;
    if (!geocoder) return local;
    const online = await this.online(geocoder, staffId, query);
    return online.length > 0 ? mergePlaces(local, online, query.limit) : local;
  }

  private async online(geocoder: Geocoder, staffId: string, query: PlaceSearchQuery): Promise<Place[]> {
    const key = `${query.country ?? ''}|${query.limit}|${query.q.toLowerCase().replace(/\s+/g, ' ')}`;
    const now = this.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.places;
    try {
      await this.limiter.hit(staffId);
    } catch (error) {
      if (error instanceof AppError) return [];
      throw error;
    }
    try {
      const places = await geocoder.search(query, AbortSignal.timeout(this.options.timeoutMs));
      this.cache.delete(key);
      this.cache.set(key, { places, expiresAt: now + CACHE_TTL_MS });
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      return places;
    } catch (error) {
      this.options.log.warn({ err: error, geocoder: geocoder.name }, 'geocoder failed; gazetteer only');
      return [];
    }
  }
}
