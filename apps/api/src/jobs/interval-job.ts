import { createHash } from 'node:crypto';
import type { Database } from '@guichet/db/client';
import { runAsLeader } from '@guichet/db/coordination';
import type { FastifyBaseLogger } from 'fastify';
import { countedRun } from '../observability/process-metrics';

/** The advisory-lock key of a job: 48 bits of its name's hash, the same in every process. */
export function lockKeyOf(name: string): number {
  return createHash('sha256').update(`guichet job: ${name}`).digest().readUIntBE(0, 6);
}

/**
 * Runs `work` on an interval, one run at a time (a tick while the previous run is still going is skipped),
 * logging failures instead of stopping. `stop` waits for the run in progress. With `db`, a run happens
 * only in the process that holds the job's advisory lock on PostgreSQL at that tick, so of N processes
 * one runs it at a time; a process killed mid-run drops its connection and so the lock, and the next
 * tick of another process finishes the work (each job's work is made of steps that commit one by one).
 */
export class IntervalJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 15_000,
    private readonly db?: Database,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One run (the interval's, or a test's), if this process leads the job now; answers whether it ran. */
  async runOnce(): Promise<boolean> {
    if (!this.db) {
      await this.work();
      return true;
    }
    return runAsLeader(this.db, lockKeyOf(this.name), this.work);
  }

  private tick(): void {
    if (this.running) return;
    this.running = countedRun(this.name, async () => void (await this.runOnce()))
      .catch((error: unknown) => this.log.error({ err: error }, `${this.name} failed`))
      .finally(() => {
        this.running = undefined;
      });
  }
}
