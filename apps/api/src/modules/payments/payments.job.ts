import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { closeStaleSessions } from './checkout.service';
import { retryPendingRefunds } from './refunds.service';

/**
 * Stripe housekeeping on an interval: closes the Checkout Sessions of reservations that ended (so a buyer
 * cannot pay for places given back) and retries refunds Stripe did not answer. Safe to run in several
 * processes: a session closed twice stays closed, and a refund's idempotency key is its id.
 */
export class PaymentsJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ctx: AppContext,
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
  async runOnce(): Promise<void> {
    await closeStaleSessions(this.ctx, this.log);
    await retryPendingRefunds(this.ctx, this.log);
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.runOnce()
      .catch((error: unknown) => this.log.error({ err: error }, 'payments job failed'))
      .finally(() => {
        this.running = undefined;
      });
  }
}
