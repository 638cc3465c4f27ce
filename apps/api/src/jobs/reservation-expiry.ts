import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { expireDueReservations } from '../modules/orders/expiry.service';

/**
 * Gives back the seats of reservations that were not paid in time, on an interval. Several processes may
 * run it at once: each order is expired by a conditional UPDATE, so its seats are released exactly once.
 */
export class ReservationExpiryJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
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

  private tick(): void {
    if (this.running) return;
    this.running = expireDueReservations(this.db)
      .then((count) => {
        if (count > 0) this.log.info({ count }, 'reservations expired');
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'reservation expiry failed'))
      .finally(() => {
        this.running = undefined;
      });
  }
}
