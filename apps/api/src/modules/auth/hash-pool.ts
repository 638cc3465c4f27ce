import { availableParallelism } from 'node:os';
import { WorkerPool } from '../../workers/pool';

interface HashTask {
  op: 'hash' | 'verify';
  password: string;
  hash?: string;
  options?: object;
}

/**
 * Worker threads that run argon2 at a lower OS priority than the event loop (see hash-worker.mjs).
 * Hashing is CPU- and memory-heavy by design; on a two-core machine it would otherwise compete with
 * request handling on equal terms.
 */
const pool = new WorkerPool<HashTask, unknown>(
  new URL('./hash-worker.mjs', import.meta.url),
  Math.max(1, availableParallelism() - 1),
);

export function runHash(password: string, options: object): Promise<string> {
  return pool.run({ op: 'hash', password, options }) as Promise<string>;
}

export function runVerify(hash: string, password: string): Promise<boolean> {
  return pool.run({ op: 'verify', password, hash }) as Promise<boolean>;
}
