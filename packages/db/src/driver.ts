import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The driver client under a Drizzle handle this package made: the pool (or one connection of it) or the
 * embedded PGlite. Drizzle keeps its client to itself, so the handles are noted here as they are made,
 * and hand-written statements (raw.ts) run on the client without reaching into the ORM.
 */
export type Driver =
  | { kind: 'postgres'; client: pg.Pool | pg.PoolClient }
  | { kind: 'pglite'; client: PGlite };

const drivers = new WeakMap<object, Driver>();

export function noteDriver(handle: object, driver: Driver): void {
  drivers.set(handle, driver);
}

/** The driver client under `handle`; undefined for a handle this package did not make (a Drizzle transaction). */
export function driverOf(handle: object): Driver | undefined {
  return drivers.get(handle);
}
