import v8 from 'node:v8';
import { type TransferListItem, Worker } from 'node:worker_threads';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  inFlight: number;
  pending: Set<number>;
  /** Ends the worker once it has been idle for the pool's `idleMs`. */
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * How long a worker may stay idle before it ends. A worker is an isolate of its own with its code, heap
 * and native memory: the argon2 worker kept about 17 MB resident and a tickets' PDF worker 20–45 MB for the
 * rest of the process's life after one sign-in or one order. Starting one again costs its next task about
 * 55 ms (argon2), 0.4 s (receipts) and 0.4–0.75 s (tickets, loading its PDF library) on a busy two-core
 * machine (decision 043): a minute keeps a worker through a burst of sign-ins or orders.
 */
export const WORKER_IDLE_MS = 60_000;

/**
 * The V8 heap a pool gives each of its workers (a worker is an isolate of its own, with its own heap). The
 * young generation is what a worker keeps resident once it has worked: V8 grows it to its limit under any
 * sustained allocation and keeps it. Old generation: a ceiling only, resident as far as it is used.
 */
export interface WorkerHeap {
  /** The young generation, both semi-spaces and the young large objects (a third each). */
  maxYoungGenerationSizeMb: number;
  maxOldGenerationSizeMb: number;
}

/**
 * The heap of a worker that draws PDFs (tickets, receipts, invoices): 8 MB semi-spaces (a 24 MB young
 * generation). It had the main thread's (then 128 MB), which it kept resident once it had drawn a large
 * order (a 60-ticket document: 346 MB resident for a process running only that worker, 223 MB with this
 * bound, for 0–12 % more CPU a document). The old generation keeps the ceiling the process had: a
 * 60-ticket document holds about 70 MB while it is drawn (64 MB ran out), and an order may have up to
 * 1,000 tickets.
 */
export const DRAWING_WORKER_HEAP: WorkerHeap = { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 512 };

/**
 * `npm start`'s V8 flags (`--max-semi-space-size`, `--max-old-space-size`) are the process's and override a
 * worker's `resourceLimits`: every worker would get the main thread's young generation (sized for the
 * scanner's pauses, decision 038). Set back to 0 (V8's "unset") once the main thread's heap exists, they no
 * longer reach the isolates created afterwards, which then take their pool's `WorkerHeap`. The main
 * thread's heap was sized when it was created and keeps its limits (tested in pool.test.ts).
 */
let processHeapFlagsReleased = false;
function releaseProcessHeapFlags(): void {
  if (processHeapFlagsReleased) return;
  v8.setFlagsFromString('--max-semi-space-size=0');
  v8.setFlagsFromString('--max-old-space-size=0');
  processHeapFlagsReleased = true;
}

/** What a pool's worker answers to a task: its id, and the result or an error message. */
export interface TaskAnswer {
  id: number;
  result?: unknown;
  error?: string;
}

/**
 * A small pool of worker threads for CPU-heavy work (argon2, PDF rendering), so the event loop keeps
 * answering requests meanwhile. A task is posted as `{ id, ...task }` to an idle worker, or to a new one
 * while the pool is under its size, or else to the least busy; the worker answers a `TaskAnswer`. Workers
 * start on first use and end after `idleMs` without a task; an idle pool does not keep the process alive.
 * A worker written in TypeScript (`.ts`, when running from the sources) starts through tsx; the build
 * bundles each worker into JavaScript. Each worker's heap is bounded by the pool's `WorkerHeap`.
 */
export class WorkerPool<Task extends object, Result> {
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly file: URL,
    private readonly size: number,
    private readonly heap: WorkerHeap,
    private readonly idleMs = WORKER_IDLE_MS,
  ) {}

  /** Workers running now (started and not yet ended). */
  get threads(): number {
    return this.workers.length;
  }

  run(task: Task, transfer: TransferListItem[] = []): Promise<Result> {
    const slot = this.pick();
    const id = this.nextId++;
    slot.inFlight += 1;
    slot.pending.add(id);
    clearTimeout(slot.idleTimer);
    if (slot.inFlight === 1) slot.worker.ref();
    return new Promise<Result>((resolve, reject) => {
      const settle = () => {
        slot.pending.delete(id);
        slot.inFlight -= 1;
        if (slot.inFlight === 0) {
          slot.worker.unref();
          slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs).unref();
        }
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
    for (const slot of workers) clearTimeout(slot.idleTimer);
    await Promise.all(workers.map((slot) => slot.worker.terminate()));
  }

  /** Ends an idle worker: it leaves the pool at once, so the next task starts a new one. */
  private retire(slot: PoolWorker): void {
    const index = this.workers.indexOf(slot);
    if (slot.inFlight > 0 || index === -1) return;
    this.workers.splice(index, 1);
    void slot.worker.terminate();
  }

  private start(): PoolWorker {
    releaseProcessHeapFlags();
    const resourceLimits = { ...this.heap };
    const typescript = this.file.pathname.endsWith('.ts');
    const worker = typescript
      ? new Worker(new URL('./typescript-entry.mjs', import.meta.url), {
          workerData: { typescriptEntry: this.file.href },
          resourceLimits,
        })
      : new Worker(this.file, { resourceLimits });
    worker.unref();
    const slot: PoolWorker = { worker, inFlight: 0, pending: new Set(), idleTimer: undefined };
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
    // An idle worker before a new one: each worker costs its own memory, so a pool grows past one only
    // while the ones it has are all busy.
    const idle = this.workers.find((slot) => slot.inFlight === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) return this.start();
    return this.workers.reduce((best, slot) => (slot.inFlight < best.inFlight ? slot : best));
  }
}
