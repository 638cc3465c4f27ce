import type { FastifyBaseLogger } from 'fastify';
import { countedRun } from '../observability/process-metrics';

/**
 * Runs `work` on an interval, one run at a time (a tick while the previous run is still going is skipped),
 * logging failures instead of stopping. `stop` waits for the run in progress. The jobs built on it are safe
 * to run in several processes at once: each says why in its own file.
 */
export class IntervalJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 15_000,
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

  /** One run (the interval's, or a test's). */
  runOnce(): Promise<void> {
    return this.work();
  }

  private tick(): void {
    if (this.running) return;
    this.running = countedRun(this.name, this.work)
      .catch((error: unknown) => this.log.error({ err: error }, `${this.name} failed`))
      .finally(() => {
        this.running = undefined;
      });
  }
}
