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
  /** How long a query waits for a connection while the server refuses new ones (default 10 s). */
  connectPatienceMs?: number;
}

/**
 * A pool that waits when PostgreSQL refuses a new connection for having too many. pg's pool opens a
 * connection for each query that finds none idle, up to its `max`; a burst (twenty refunds at once, each
 * reading its order back on several connections) asks for all of them at once, and when the server is
 * shared with other processes it may grant fewer: pg then fails that query, and its request answers 500
 * though its statements are fine. Here the query waits instead for one of the connections the pool
 * already holds to come back (or a short pause, if it holds none), as it would wait with the pool at its
 * `max`, until `connectPatienceMs` has passed. Other connection errors fail at once, as before.
 */
export class PatientPool extends pg.Pool {
  private readonly patienceMs: number;
  /** Settles at the next release of a connection to the pool; one listener however many wait. */
  private nextRelease: Promise<void> | undefined;

  constructor(config: PatientPoolConfig = {}) {
    const { connectPatienceMs, ...options } = config;
    super(options);
    this.patienceMs = connectPatienceMs ?? 10_000;
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
        const left = deadline - Date.now();
        if (!isTooManyConnections(error) || left <= 0 || this.ending) throw error;
        // A connection this pool gives back is the one most likely to be free soon; the pause covers a
        // release another waiter took first, and a server full of other processes' connections.
        const pausing = sleep(Math.min(pause, left));
        await (this.totalCount > 0 ? Promise.race([this.released(), pausing]) : pausing);
      }
    }
  }

  private released(): Promise<void> {
    this.nextRelease ??= new Promise((resolve) => {
      this.once('release', () => {
        this.nextRelease = undefined;
        resolve();
      });
    });
    return this.nextRelease;
  }
}
