import { type TransferListItem, Worker } from 'node:worker_threads';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  inFlight: number;
  pending: Set<number>;
}

/** What a pool's worker answers to a task: its id, and the result or an error message. */
export interface TaskAnswer {
  id: number;
  result?: unknown;
  error?: string;
}

/**
 * A small pool of worker threads for CPU-heavy work (argon2, PDF rendering), so the event loop keeps
 * answering requests meanwhile. A task is posted as `{ id, ...task }` to the least busy worker, which
 * answers a `TaskAnswer`. Workers start on first use, and an idle pool does not keep the process alive.
 * A worker written in TypeScript (`.ts`, when running from the sources) starts through tsx; the build
 * bundles each worker into JavaScript.
 */
export class WorkerPool<Task extends object, Result> {
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly file: URL,
    private readonly size: number,
  ) {}

  run(task: Task, transfer: TransferListItem[] = []): Promise<Result> {
    const slot = this.pick();
    const id = this.nextId++;
    slot.inFlight += 1;
    slot.pending.add(id);
    if (slot.inFlight === 1) slot.worker.ref();
    return new Promise<Result>((resolve, reject) => {
      const settle = () => {
        slot.pending.delete(id);
        slot.inFlight -= 1;
        if (slot.inFlight === 0) slot.worker.unref();
      };
      this.pending.set(id, {
        resolve: (value) => {
          settle();
          resolve(value as Result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      slot.worker.postMessage({ id, ...task }, transfer);
    });
  }

  /** Stops every worker; tasks still running fail. */
  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((slot) => slot.worker.terminate()));
  }

  private start(): PoolWorker {
    const typescript = this.file.pathname.endsWith('.ts');
    const worker = typescript
      ? new Worker(new URL('./typescript-entry.mjs', import.meta.url), {
          workerData: { typescriptEntry: this.file.href },
        })
      : new Worker(this.file);
    worker.unref();
    const slot: PoolWorker = { worker, inFlight: 0, pending: new Set() };
    worker.on('message', ({ id, result, error }: TaskAnswer) => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) pending?.reject(new Error(error));
      else pending?.resolve(result);
    });
    // A worker that crashes fails its tasks and leaves the pool; the next task starts a new one.
    const fail = (error: Error) => {
      const index = this.workers.indexOf(slot);
      if (index !== -1) this.workers.splice(index, 1);
      for (const id of [...slot.pending]) {
        const pending = this.pending.get(id);
        this.pending.delete(id);
        pending?.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker stopped (exit code ${code})`)));
    this.workers.push(slot);
    return slot;
  }

  private pick(): PoolWorker {
    if (this.workers.length < this.size) return this.start();
    return this.workers.reduce((best, slot) => (slot.inFlight < best.inFlight ? slot : best));
  }
}
