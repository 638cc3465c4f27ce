import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * SQLSTATE 53300 (too_many_connections): the server refuses one more connection, because it has
 * max_connections already (every process and pool on it counted) or because of a role's or database's
 * connection limit. It says nothing about the statement that wanted the connection.
 */
const TOO_MANY_CONNECTIONS = '53300';

export function isTooManyConnections(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === TOO_MANY_CONNECTIONS;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

export interface PatientPoolConfig extends pg.PoolConfig {
  /**
   * How long a query keeps asking for a connection while the server refuses new ones and the pool holds
   * none to wait for (default 10 s).
   */
  connectPatienceMs?: number;
}

/** How long a pool refused a connection stays at the connections it has before it tries to grow again. */
const HOLD_MS = 1_000;

/**
 * A pool that waits when PostgreSQL refuses a new connection for having too many. pg's pool opens a
 * connection for each query that finds none idle, up to its `max`; a burst (twenty refunds at once, each
 * reading its order back on several connections) asks for all of them at once, and when the server is
 * shared with other processes it may grant fewer: pg then fails that query, and its request answers 500
 * though its statements are fine.
 *
 * Here a refusal while the pool holds connections lowers its `max` to the number it holds, for a second:
 * the query, and every one after it, waits in pg's own queue for one of those to come back, first come
 * first served and for as long as it would wait with the pool at its `max`. Retrying the server instead
 * (each refused attempt costs it a process started and ended) made every waiter try again at each
 * release, one of them winning it: under load some waited past any patience. A pool that holds no
 * connection has none to wait for: it asks the server again, with growing pauses, for `connectPatienceMs`,
 * then fails with the refusal. Other connection errors fail at once, as before.
 */
export class PatientPool extends pg.Pool {
  private readonly patienceMs: number;
  private readonly configuredMax: number;
  private restoreMax: NodeJS.Timeout | undefined;

  constructor(config: PatientPoolConfig = {}) {
    const { connectPatienceMs, ...options } = config;
    super(options);
    this.patienceMs = connectPatienceMs ?? 10_000;
    this.configuredMax = this.options.max ?? 10;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  // pg's own `query` asks for its connection with a callback, the ORM's transactions with the promise.
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const connecting = this.connectPatiently();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  private async connectPatiently(): Promise<pg.PoolClient> {
    const deadline = Date.now() + this.patienceMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
      try {
        return await super.connect();
      } catch (error) {
        if (!isTooManyConnections(error) || this.ending) throw error;
        // pg has already let go of the refused connection: what it counts now are the ones it holds.
        if (this.totalCount > 0) {
          this.holdAt(this.totalCount);
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw error;
        await sleep(Math.min(pause, left));
      }
    }
  }

  /** Full at `count` connections, so new queries queue for them; the configured `max` again later. */
  private holdAt(count: number): void {
    this.options.max = Math.min(count, this.options.max ?? count);
    clearTimeout(this.restoreMax);
    this.restoreMax = setTimeout(() => {
      this.options.max = this.configuredMax;
      if (this.waitingCount === 0 || this.ending) return;
      // pg gives a queued query a connection only when one is released: one held by a request that waits
      // for that very query would never be. Open one for the queue now, if the server has room; if not,
      // hold again and try in a second.
      super.connect().then(
        (client) => client.release(),
        (error: unknown) => {
          if (isTooManyConnections(error) && this.totalCount > 0) this.holdAt(this.totalCount);
        },
      );
    }, HOLD_MS);
    this.restoreMax.unref();
  }
}
