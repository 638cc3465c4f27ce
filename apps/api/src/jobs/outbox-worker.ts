import type { Database } from '@guichet/db/client';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AttachmentRenderer,
  claimDue,
  type MailMessage,
  markDone,
  markFailed,
  type OutgoingMail,
  type RenderedAttachment,
} from '../modules/mail/mail.repository';
import { countedRun } from '../observability/process-metrics';
import type { Mailer } from './mailer';

const MAX_ATTEMPTS = 8;

/**
 * The mail as it leaves: attachments rendered now, at delivery, not in the transaction that queued it
 * (a PDF of many tickets takes a while). The link columns stay out of the message.
 */
export async function outgoingMail(
  message: MailMessage,
  render: AttachmentRenderer | undefined,
): Promise<OutgoingMail> {
  const { attachments: refs, about: _about, ...rest } = message;
  if (!refs?.length || !render) return rest;
  const attachments: RenderedAttachment[] = [];
  for (const ref of refs) {
    const rendered = await render(ref);
    if (rendered) attachments.push(rendered);
  }
  return attachments.length > 0 ? { ...rest, attachments } : rest;
}
const BATCH = 20;

/**
 * Delivers the outbox. Polls on an interval and can be kicked right after a commit so mail leaves at
 * once; a failed delivery is retried with backoff, then marked failed (kept, never lost).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer | null,
    private readonly log: FastifyBaseLogger,
    private readonly renderAttachment?: AttachmentRenderer,
    private readonly intervalMs = 2000,
    private readonly leaseSeconds = 300,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Does nothing unless started (tests drain by hand) or once stopped (the database may be closing). */
  kick(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = countedRun('outbox', () => this.drain())
      .catch((error: unknown) => this.log.error({ err: error }, 'outbox worker failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Processes everything due now; resolves when the outbox has nothing due. Tests await it. */
  async drain(): Promise<void> {
    for (;;) {
      const rows = await claimDue(this.db, BATCH, this.leaseSeconds);
      if (rows.length === 0) return;
      for (const row of rows) {
        try {
          if (row.kind !== 'mail') throw new Error(`unknown outbox kind ${row.kind}`);
          if (this.mailer) {
            await this.mailer.send(await outgoingMail(row.payload as MailMessage, this.renderAttachment));
            await markDone(this.db, row.id, 'sent');
          } else {
            // Kept for the development mailbox, which renders attachments when they are opened.
            await markDone(this.db, row.id, 'stored');
          }
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn({ outboxId: row.id, attempts, error: message }, 'outbox delivery failed');
          await markFailed(this.db, row.id, attempts, message, attempts >= MAX_ATTEMPTS);
        }
      }
    }
  }
}
