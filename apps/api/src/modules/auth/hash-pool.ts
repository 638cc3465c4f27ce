import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  inFlight: number;
}

/**
 * A small pool of worker threads that run argon2 at a lower OS priority than the event loop (see
 * hash-worker.mjs). Hashing is CPU- and memory-heavy by design; on a two-core machine it would otherwise
 * compete with request handling on equal terms.
 */
class HashPool {
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly size: number) {}

  run(message: {
    op: 'hash' | 'verify';
    password: string;
    hash?: string;
    options?: object;
  }): Promise<unknown> {
    const slot = this.pick();
    const id = this.nextId++;
    slot.inFlight += 1;
    if (slot.inFlight === 1) slot.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, {
        resolve: (value) => {
          this.release(slot);
          resolve(value);
        },
        reject: (error) => {
          this.release(slot);
          reject(error);
        },
      });
      slot.worker.postMessage({ id, ...message });
    });
  }

  private release(slot: PoolWorker): void {
    slot.inFlight -= 1;
    // An idle pool must not keep the process alive.
    if (slot.inFlight === 0) slot.worker.unref();
  }

  private pick(): PoolWorker {
    if (this.workers.length < this.size) {
      const worker = new Worker(new URL('./hash-worker.mjs', import.meta.url));
      worker.unref();
      worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
        const pending = this.pending.get(id);
        this.pending.delete(id);
        if (error !== undefined) pending?.reject(new Error(error));
        else pending?.resolve(result);
      });
      const slot = { worker, inFlight: 0 };
      this.workers.push(slot);
      return slot;
    }
    return this.workers.reduce((best, slot) => (slot.inFlight < best.inFlight ? slot : best));
  }
}

const pool = new HashPool(Math.max(1, availableParallelism() - 1));

export function runHash(password: string, options: object): Promise<string> {
  return pool.run({ op: 'hash', password, options }) as Promise<string>;
}

export function runVerify(hash: string, password: string): Promise<boolean> {
  return pool.run({ op: 'verify', password, hash }) as Promise<boolean>;
}
