import type { Database } from '@guichet/db/client';
import { rawRows } from '@guichet/db/raw';
import type { RateLimitStore, RateLimitWindow } from './rate-limit';

/**
 * Rate-limit counters in PostgreSQL (the UNLOGGED table of migration 0009), shared by every process on
 * the database: one statement per hit, which starts a window, counts in it, or starts it again once it
 * has ended. Two processes hitting one key at once are serialised by the row, so none is lost.
 */
const HIT = `insert into rate_limit_counters as c (key, hits, reset_at)
    values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
  on conflict (key) do update set
    hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
    reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
  returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as "resetInMs"`;

/** Windows that ended a while ago: nobody will count in them again. */
const SWEEP = `delete from rate_limit_counters where reset_at < now() - interval '1 minute'`;

export class DatabaseRateLimitStore implements RateLimitStore {
  private lastSweep = Date.now();

  constructor(
    private readonly db: Database,
    private readonly sweepEveryMs = 60_000,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    this.sweepNow();
    const [row] = await rawRows<{ hits: number; resetInMs: number }>(this.db, {
      name: 'rate_limit_hit',
      text: HIT,
      values: [key, windowMs],
    });
    return { hits: Number(row?.hits ?? 1), resetInMs: Number(row?.resetInMs ?? windowMs) };
  }

  async peek(key: string): Promise<number> {
    const [row] = await rawRows<{ hits: number }>(this.db, {
      name: 'rate_limit_peek',
      text: 'select hits from rate_limit_counters where key = $1 and reset_at > now()',
      values: [key],
    });
    return Number(row?.hits ?? 0);
  }

  async reset(key: string): Promise<void> {
    await rawRows(this.db, {
      name: 'rate_limit_reset',
      text: 'delete from rate_limit_counters where key = $1',
      values: [key],
    });
  }

  /** A sweep at most once a minute per process, off the request's path: the table stays small. */
  private sweepNow(): void {
    if (Date.now() - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = Date.now();
    rawRows(this.db, { name: 'rate_limit_sweep', text: SWEEP, values: [] }).catch(() => {
      // The next sweep retries; a failed sweep only leaves dead rows a little longer.
    });
  }
}
