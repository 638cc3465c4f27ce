import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Fixed-window rate limits whose counters live in a store that every API process shares (PostgreSQL by
 * default, Redis when `REDIS_URL` is set; memory only for a store of one process's own), so N processes
 * allow the limit once, not N times. A limited request answers the IETF draft's `RateLimit-Policy` and
 * `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers), refused or not.
 */

/** A key's window after a hit: how many hits it holds and how long until it starts again. */
export interface RateLimitWindow {
  hits: number;
  resetInMs: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key` in a window of `windowMs` started by its first hit; one round trip. */
  hit(key: string, windowMs: number): Promise<RateLimitWindow>;
  /** How many hits `key` holds in its current window (0 once it has ended), without counting one. */
  peek(key: string): Promise<number>;
  /** Forgets a key, e.g. the per-account counter after a successful sign-in. */
  reset(key: string): Promise<void>;
}

/** Counters in this process's memory: for one process's own limits and the unit tests of the limiter. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const now = this.now();
    this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, resetInMs: window.resetAt - now };
  }

  async peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.hits : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** How many windows are kept (the sweep keeps only live ones). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** One limit as the headers state it. */
interface LimitNote {
  policy: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

const notesOfRequest = new AsyncLocalStorage<LimitNote[]>();

export class RateLimiter {
  /**
   * `name` names the policy in the headers and prefixes the keys in the shared store, so limiters never
   * share a counter. `headers: false` for an internal budget whose refusal the caller never sees as 429.
   */
  constructor(
    readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: RateLimitStore,
    private readonly options: { headers?: boolean } = {},
  ) {}

  /** Counts one attempt for `key`; throws 429 `too-many-attempts` with Retry-After when over the limit. */
  async hit(key: string): Promise<void> {
    const window = await this.store.hit(`${this.name}:${key}`, this.windowMs);
    const resetSeconds = Math.max(1, Math.ceil(window.resetInMs / 1000));
    if (this.options.headers !== false)
      this.note({
        policy: this.name,
        limit: this.limit,
        windowSeconds: Math.round(this.windowMs / 1000),
        remaining: Math.max(0, this.limit - window.hits),
        resetSeconds,
      });
    if (window.hits > this.limit) {
      throw new AppError('too-many-attempts', 'Too many attempts. Try again later.', {
        headers: { 'retry-after': String(resetSeconds) },
        details: { retryAfterSeconds: resetSeconds },
      });
    }
  }

  /** Whether `key` has used up its window (the next `hit` would throw), without counting an attempt. */
  async isOver(key: string): Promise<boolean> {
    return (await this.store.peek(`${this.name}:${key}`)) >= this.limit;
  }

  /**
   * Throws 429 when `key` has used up its window, without counting an attempt: for limits on failures,
   * checked before an attempt whose failure alone is then counted (with `hit`).
   */
  async check(key: string): Promise<void> {
    if (await this.isOver(key)) await this.hit(key);
  }

  /** Forgets a key, e.g. the per-account counter after a successful sign-in. */
  reset(key: string): Promise<void> {
    return this.store.reset(`${this.name}:${key}`);
  }

  private note(note: LimitNote): void {
    const notes = notesOfRequest.getStore();
    if (!notes) return;
    // A limiter met twice in one request (two keys) is stated once: its most exhausted window.
    const index = notes.findIndex((other) => other.policy === note.policy);
    if (index === -1) notes.push(note);
    else if (note.remaining < (notes[index] as LimitNote).remaining) notes[index] = note;
  }
}

/**
 * The limits a request met go out as `RateLimit-Policy: "auth-ip";q=30;w=900` and
 * `RateLimit: "auth-ip";r=12;t=600` (one item per limit met). The limiters note them in the request's
 * async context, so the services that count (sign-in, reset...) need no access to the reply.
 */
export function registerRateLimitHeaders(app: FastifyInstance): void {
  app.decorateRequest('rateLimits', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const notes: LimitNote[] = [];
    request.rateLimits = notes;
    notesOfRequest.run(notes, done);
  });
  // A callback hook, not an async one: it runs on every answer, and an async hook costs each a promise
  // and a turn of the microtask queue for the few that met a limit.
  app.addHook('onSend', (request, reply, payload, done) => {
    const notes = request.rateLimits;
    if (notes && notes.length > 0) {
      reply.header(
        'ratelimit-policy',
        notes.map((note) => `"${note.policy}";q=${note.limit};w=${note.windowSeconds}`).join(', '),
      );
      reply.header(
        'ratelimit',
        notes.map((note) => `"${note.policy}";r=${note.remaining};t=${note.resetSeconds}`).join(', '),
      );
    }
    done(null, payload);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The rate limits this request met, for the `RateLimit` headers. */
    rateLimits: LimitNote[] | null;
  }
}
