import { Redis } from 'ioredis';
import type { RateLimitStore, RateLimitWindow } from './rate-limit';

/**
 * Rate-limit counters in Redis, when `REDIS_URL` is set: one script per hit (count, start the window on
 * the first hit, read what is left of it), atomic in Redis, so every process sharing the server counts
 * in one window. Keys are prefixed, so one Redis can serve several deployments (and tests).
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Fail a command quickly rather than queue it while Redis is away: a limited request then answers
    // an error instead of hanging.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
    this.redis.defineCommand('guichetHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const run = (
      this.redis as unknown as Record<string, (key: string, ms: number) => Promise<[number, number]>>
    ).guichetHit;
    if (!run) throw new Error('the rate-limit script is not defined');
    const [hits, resetInMs] = await run.call(this.redis, this.prefix + key, windowMs);
    return { hits: Number(hits), resetInMs: Number(resetInMs) };
  }

  async peek(key: string): Promise<number> {
    // The key expires with its window, so a key that is there counts in the current one.
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
