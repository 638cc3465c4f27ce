import { AppError } from '../errors';

/**
 * Fixed-window counters kept in memory. One process serves the API, so memory is the right store; the
 * windows are short and the map is swept so it cannot grow without bound.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`; throws 429 `too-many-attempts` with Retry-After when over the limit. */
  hit(key: string): void {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new AppError('too-many-attempts', 'Too many attempts. Try again later.', {
        headers: { 'retry-after': String(retryAfter) },
        details: { retryAfterSeconds: retryAfter },
      });
    }
  }

  /** Whether `key` has used up its window (the next `hit` would throw), without counting an attempt. */
  isOver(key: string): boolean {
    const window = this.windows.get(key);
    return !!window && window.resetAt > this.now() && window.count >= this.limit;
  }

  /**
   * Throws 429 when `key` has used up its window, without counting an attempt: for limits on failures,
   * checked before an attempt whose failure alone is then counted (with `hit`).
   */
  check(key: string): void {
    if (this.isOver(key)) this.hit(key);
  }

  /** Forgets a key, e.g. the per-account counter after a successful sign-in. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
