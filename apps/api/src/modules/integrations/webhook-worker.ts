import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../../html';
import { enqueueMail } from '../mail/mail.repository';
import { signatureHeaders } from './webhook-signing';
import { sendWebhook } from './webhook-transport';
import * as repository from './webhooks.repository';

/**
 * Waits after each failed attempt (Standard Webhooks' usual schedule, stretched): the last attempt comes
 * about three and a half days after the first, then the delivery fails for good and its endpoint is
 * disabled, with an e-mail to the organisation's administrators.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

export interface WebhookWorkerOptions {
  /** How long a receiver may take to answer (default 10 s); slower is a failed attempt. */
  timeoutMs?: number;
  /** How many deliveries may be in flight at once in this process (default 16). */
  concurrency?: number;
  intervalMs?: number;
  leaseSeconds?: number;
  retryDelaysMs?: readonly number[];
  publicUrl?: string;
  /** Lets deliveries reach private and loopback addresses (tests, development); never by default. */
  allowPrivate?: boolean;
}

/**
 * Delivers the webhooks' outbox on its own lane, apart from the mail outbox: its own table, timer and
 * requests, each with a timeout, several in flight at once, so a slow or dead receiver delays neither a
 * tickets e-mail nor checkout nor another receiver. At least once: a delivery is marked only after its
 * attempt, and a process killed meanwhile leaves it due again after the lease.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private claiming: Promise<number> | undefined;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly intervalMs: number;
  private readonly leaseSeconds: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly allowPrivate: boolean;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.allowPrivate = options.allowPrivate ?? false;
    this.concurrency = options.concurrency ?? 16;
    this.intervalMs = options.intervalMs ?? 1000;
    // Longer than the timeout, so an attempt still running is never claimed a second time.
    this.leaseSeconds = Math.max(options.leaseSeconds ?? 60, Math.ceil(this.timeoutMs / 1000) + 1);
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.fill(), this.intervalMs);
    this.timer.unref();
    void this.fill();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.claiming;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Delivers everything due now and waits for it (tests; a stopped worker's `drain` still works). */
  async drain(): Promise<void> {
    for (;;) {
      const started = await this.fill();
      await Promise.allSettled([...this.inFlight]);
      if (started === 0 && this.inFlight.size === 0) return;
    }
  }

  /** Claims as many due deliveries as there are free places and starts them; answers how many. */
  private fill(): Promise<number> {
    this.claiming ??= this.claimAndStart()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'webhook worker failed to claim');
        return 0;
      })
      .finally(() => {
        this.claiming = undefined;
      });
    return this.claiming;
  }

  private async claimAndStart(): Promise<number> {
    const room = this.concurrency - this.inFlight.size;
    if (room <= 0) return 0;
    const claimed = await repository.claimDueDeliveries(this.db, room, this.leaseSeconds);
    for (const delivery of claimed) {
      const running: Promise<void> = this.deliver(delivery)
        .catch((error: unknown) => this.log.error({ err: error, deliveryId: delivery.id }, 'webhook failed'))
        .finally(() => {
          this.inFlight.delete(running);
        });
      this.inFlight.add(running);
    }
    return claimed.length;
  }

  private async deliver(delivery: repository.ClaimedDelivery): Promise<void> {
    const attempts = delivery.attempts + 1;
    if (!delivery.enabled) {
      await repository.recordAttempt(this.db, delivery.id, {
        status: 'failed',
        attempts: delivery.attempts,
        nextAttemptAt: null,
        responseStatus: null,
        responseBody: null,
        lastError: 'The endpoint is disabled.',
        durationMs: 0,
      });
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const started = Date.now();
    let responseStatus: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      const answer = await sendWebhook(delivery.url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Guichet-Webhooks/1',
          ...signatureHeaders(delivery.secret, delivery.messageId, body),
        },
        body,
        timeoutMs: this.timeoutMs,
        allowPrivate: this.allowPrivate,
      });
      responseStatus = answer.status;
      responseBody = answer.body;
      if (answer.status < 200 || answer.status >= 300) error = `The receiver answered ${answer.status}.`;
    } catch (caught) {
      error =
        caught instanceof Error && (caught.name === 'TimeoutError' || caught.name === 'AbortError')
          ? `No answer within ${Math.round(this.timeoutMs / 1000)} s.`
          : `The request failed: ${caught instanceof Error ? (caught.cause instanceof Error ? caught.cause.message : caught.message) : String(caught)}`;
    }
    const durationMs = Date.now() - started;
    if (error === null) {
      await repository.recordAttempt(this.db, delivery.id, {
        status: 'succeeded',
        attempts,
        nextAttemptAt: null,
        responseStatus,
        responseBody,
        lastError: null,
        durationMs,
      });
      return;
    }
    const delay = this.retryDelaysMs[attempts - 1];
    if (delay !== undefined) {
      await repository.recordAttempt(this.db, delivery.id, {
        status: 'pending',
        attempts,
        nextAttemptAt: new Date(Date.now() + delay),
        responseStatus,
        responseBody,
        lastError: error,
        durationMs,
      });
      return;
    }
    await this.giveUp(delivery, { attempts, responseStatus, responseBody, error, durationMs });
  }

  /** The retry window is over: the delivery fails, its endpoint is disabled and the admins are told, once. */
  private async giveUp(
    delivery: repository.ClaimedDelivery,
    last: {
      attempts: number;
      responseStatus: number | null;
      responseBody: string | null;
      error: string;
      durationMs: number;
    },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repository.recordAttempt(tx, delivery.id, {
        status: 'failed',
        attempts: last.attempts,
        nextAttemptAt: null,
        responseStatus: last.responseStatus,
        responseBody: last.responseBody,
        lastError: last.error,
        durationMs: last.durationMs,
      });
      const disabled = await repository.disableEndpoint(tx, delivery.organizationId, delivery.endpointId);
      if (!disabled) return;
      await repository.failPendingOfEndpoint(tx, delivery.organizationId, delivery.endpointId);
      for (const admin of await repository.adminsOf(tx, delivery.organizationId)) {
        await enqueueMail(tx, disabledMail(admin, disabled.url, last.error, this.options.publicUrl));
      }
    });
    this.log.warn({ endpointId: delivery.endpointId }, 'webhook endpoint disabled after its retry window');
  }
}

function disabledMail(
  admin: { email: string; locale: string },
  url: string,
  error: string,
  publicUrl: string | undefined,
) {
  const page = `${publicUrl ?? ''}/settings/integrations`;
  if (admin.locale === 'fr') {
    const text = `Les webhooks envoyés à ${url} échouent depuis plus de trois jours (dernière erreur : ${error}). Le point de réception a été désactivé : plus aucun événement ne lui est envoyé.\n\nRéactivez-le une fois le récepteur réparé, puis rejouez les envois manqués : ${page}`;
    return { to: admin.email, subject: 'Un webhook a été désactivé', text, html: htmlOf(text) };
  }
  const text = `Webhooks sent to ${url} have failed for more than three days (last error: ${error}). The endpoint was disabled: no event is sent to it any more.\n\nTurn it back on once the receiver is fixed, then replay what it missed: ${page}`;
  return { to: admin.email, subject: 'A webhook endpoint was disabled', text, html: htmlOf(text) };
}

function htmlOf(text: string): string {
  return `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>')}</p>`;
}
