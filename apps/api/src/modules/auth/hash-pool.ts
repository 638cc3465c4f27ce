import { availableParallelism } from 'node:os';
import { type WorkerHeap, WorkerPool } from '../../workers/pool';

interface HashTask {
  op: 'hash' | 'verify';
  password: string;
  hash?: string;
  options?: object;
}

/**
 * argon2's memory (19 MiB a hash) is the native library's, outside V8: the worker's own JavaScript only
 * passes messages, so a small heap is plenty (it took the main thread's 128 MB young generation before).
 */
const HASH_WORKER_HEAP: WorkerHeap = { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 64 };

/**
 * Worker threads that run argon2 at a lower OS priority than the event loop (see hash-worker.mjs).
 * Hashing is CPU- and memory-heavy by design; on a two-core machine it would otherwise compete with
 * request handling on equal terms.
 */
const pool = new WorkerPool<HashTask, unknown>(
  new URL('./hash-worker.mjs', import.meta.url),
  Math.max(1, availableParallelism() - 1),
  HASH_WORKER_HEAP,
);

export function runHash(password: string, options: object): Promise<string> {
  return pool.run({ op: 'hash', password, options }) as Promise<string>;
}

export function runVerify(hash: string, password: string): Promise<boolean> {
  return pool.run({ op: 'verify', password, hash }) as Promise<boolean>;
}
