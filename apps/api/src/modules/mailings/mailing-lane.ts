import type { Database } from '@guichet/db/client';
import type { CustomerFilters } from '@guichet/shared/customers';
import type { MailingAudience } from '@guichet/shared/mailings';
import type { FastifyBaseLogger } from 'fastify';
import { IntervalJob } from '../../jobs/interval-job';
import type { Mailer } from '../../jobs/mailer';
import { customersMatchingAfter } from '../customers/customers.repository';
import { enqueueMail } from '../mail/mail.repository';
import {
  type MailingTemplate,
  mailingLanguage,
  mailingTemplate,
  messageFromTemplate,
  type Organiser,
  unsubscribeUrl,
} from './mailing-message';
import type { RecipientRow } from './mailings.repository';
import * as repository from './mailings.repository';

/** People added to a mailing's queue per statement: a bounded batch, whatever the audience's size. */
export const EXPANSION_BATCH = 500;
/** Deliveries of one recipient before it is marked failed. */
const MAX_ATTEMPTS = 5;
/**
 * Mails handed to SMTP at once. One after the other, each waited for its answer and then for its own
 * statement (a commit per mail on PostgreSQL: about 3 a second on a starved machine). A group is settled
 * by one statement once all have an answer, so a process killed mid-group sends those few again after
 * the lease (a graceful stop waits for the run).
 */
const SEND_CONCURRENCY = 8;
/** SMTP replies that say the address itself is refused: no retry, and the address is suppressed. */
const PERMANENT_REFUSALS = new Set([550, 551, 553]);

export interface MailingLaneOptions {
  db: Database;
  /** Null: no SMTP server configured; the mail is kept in the outbox for the development mailbox. */
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  publicUrl: string;
  secret: Uint8Array;
  ratePerMinute: number;
  leaseSeconds: number;
  /** The clock of the rate (tests move it by hand). */
  now?: () => number;
}

/**
 * The mailings' own lane: expands audiences into recipients batch by batch and delivers them at most
 * `ratePerMinute`, apart from the outbox (tickets, password resets), which keeps its own worker and never
 * waits behind a mailing. Each recipient is checked when its mail leaves: the organisation's suppression
 * list for every mailing, and recorded consent for marketing.
 */
export class MailingLane {
  private tokens: number;
  private lastRefill: number;
  private readonly now: () => number;
  private readonly burst: number;

  constructor(private readonly o: MailingLaneOptions) {
    this.now = o.now ?? Date.now;
    // At most one second's worth at once (and at least one mail), so the rate holds minute by minute.
    this.burst = Math.max(1, Math.ceil(o.ratePerMinute / 60));
    this.tokens = this.burst;
    this.lastRefill = this.now();
  }

  /** One run: a batch of expansion per mailing being prepared, then what the rate allows now. */
  async runOnce(): Promise<{ sent: number; skipped: number; failed: number }> {
    await this.expand();
    const outcome = await this.deliver();
    await repository.finishMailings(this.o.db);
    return outcome;
  }

  private refill(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.lastRefill);
    this.lastRefill = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.o.ratePerMinute) / 60_000);
  }

  /** Adds one batch of recipients to each mailing still being expanded (a few mailings per run). */
  async expand(): Promise<void> {
    for (const mailing of await repository.mailingsToExpand(this.o.db, 5)) {
      const audience = mailing.audience as MailingAudience;
      const cursor = mailing.expansionCursor;
      const batch =
        audience.kind === 'list'
          ? await repository.listMembersAfter(
              this.o.db,
              mailing.organizationId,
              audience.listId,
              cursor,
              EXPANSION_BATCH,
            )
          : audience.kind === 'event'
            ? await repository.eventHoldersAfter(
                this.o.db,
                mailing.organizationId,
                audience.eventId,
                cursor,
                EXPANSION_BATCH,
              )
            : await customersMatchingAfter(
                this.o.db,
                mailing.organizationId,
                audience.filters as CustomerFilters,
                cursor,
                EXPANSION_BATCH,
              );
      const last = batch.at(-1);
      await repository.queueBatch(
        this.o.db,
        mailing,
        batch.map(({ customerId, email, name, language }) => ({ customerId, email, name, language })),
        last ? last.key : cursor,
        batch.length < EXPANSION_BATCH,
      );
    }
  }

  /** Delivers queued recipients while the rate allows; skipped recipients cost nothing of the rate. */
  async deliver(): Promise<{ sent: number; skipped: number; failed: number }> {
    const outcome = { sent: 0, skipped: 0, failed: 0 };
    const organisers = new Map<string, Organiser | undefined>();
    const contents = new Map<string, repository.MailingRow | undefined>();
    // Made once per mailing and language in a run, not per recipient.
    const templates = new Map<string, MailingTemplate>();
    // One refill per run: a run is short (at most a second's worth of mail), and the job's interval paces
    // the runs, so a slow mail server never keeps a run going for the whole queue.
    this.refill();
    for (;;) {
      const allowed = Math.floor(this.tokens);
      if (allowed < 1) return outcome;
      const claimed = await repository.claimRecipients(this.o.db, Math.min(allowed, 50), this.o.leaseSeconds);
      if (claimed.length === 0) return outcome;
      for (const row of claimed) {
        if (!contents.has(row.mailingId)) {
          contents.set(
            row.mailingId,
            await repository.findMailing(this.o.db, row.organizationId, row.mailingId),
          );
        }
        if (!organisers.has(row.organizationId)) {
          organisers.set(row.organizationId, await repository.organiserOf(this.o.db, row.organizationId));
        }
      }
      const byOrganisation = new Map<string, typeof claimed>();
      for (const row of claimed) {
        byOrganisation.set(row.organizationId, [...(byOrganisation.get(row.organizationId) ?? []), row]);
      }
      for (const [organizationId, rows] of byOrganisation) {
        // Checked now, as the mail leaves: an address suppressed or a consent withdrawn after the mailing
        // was created is respected.
        const checks = await repository.sendingChecks(
          this.o.db,
          organizationId,
          rows.map((row) => row.email),
        );
        const organiser = organisers.get(organizationId);
        if (!organiser) continue;
        const suppressed: string[] = [];
        const withoutConsent: string[] = [];
        const leaving: { row: RecipientRow; mailing: repository.MailingRow }[] = [];
        for (const row of rows) {
          const mailing = contents.get(row.mailingId);
          const check = checks.get(row.email) ?? { suppressed: false, consent: null };
          if (!mailing) continue;
          if (mailing.kind === 'marketing' && check.suppressed) suppressed.push(row.id);
          else if (mailing.kind === 'marketing' && check.consent !== true) withoutConsent.push(row.id);
          else leaving.push({ row, mailing });
        }
        await repository.settleRecipients(this.o.db, suppressed, 'skipped-suppressed');
        await repository.settleRecipients(this.o.db, withoutConsent, 'skipped-no-consent');
        outcome.skipped += suppressed.length + withoutConsent.length;
        // A few mails at once over the lane's pooled connections, each group settled by one statement.
        for (let start = 0; start < leaving.length; start += SEND_CONCURRENCY) {
          const group = leaving.slice(start, start + SEND_CONCURRENCY);
          this.tokens -= group.length;
          const sent: string[] = [];
          await Promise.all(
            group.map(async ({ row, mailing }) => {
              const message = this.messageFor(row, mailing, organiser, templates);
              try {
                if (this.o.mailer) await this.o.mailer.send(message);
                else await enqueueMail(this.o.db, message);
                sent.push(row.id);
              } catch (error) {
                if (await this.failed(row, error)) outcome.failed += 1;
              }
            }),
          );
          await repository.settleRecipients(this.o.db, sent, 'sent');
          outcome.sent += sent.length;
        }
      }
    }
  }

  private messageFor(
    row: RecipientRow,
    mailing: repository.MailingRow,
    organiser: Organiser,
    templates: Map<string, MailingTemplate>,
  ) {
    const unsubscribe =
      mailing.kind === 'marketing'
        ? unsubscribeUrl(this.o.publicUrl, this.o.secret, row.organizationId, row.email)
        : null;
    const language = mailingLanguage(row.language);
    const templateKey = `${row.mailingId}:${language}`;
    let template = templates.get(templateKey);
    if (!template) {
      template = mailingTemplate(mailing, organiser, language);
      templates.set(templateKey, template);
    }
    return messageFromTemplate(template, row.email, unsubscribe);
  }

  /** Records a failed delivery: retried later with backoff, or given up; answers whether it was given up. */
  private async failed(row: RecipientRow, error: unknown): Promise<boolean> {
    const attempts = row.attempts + 1;
    const text = error instanceof Error ? error.message : String(error);
    const code = (error as { responseCode?: number }).responseCode;
    const permanent = code !== undefined && PERMANENT_REFUSALS.has(code);
    if (permanent) {
      await repository.suppress(this.o.db, {
        organizationId: row.organizationId,
        email: row.email,
        reason: 'bounced',
        mailingId: row.mailingId,
      });
    }
    const giveUp = permanent || attempts >= MAX_ATTEMPTS;
    this.o.log.warn({ mailingRecipientId: row.id, attempts, error: text }, 'mailing delivery failed');
    await repository.settleRecipient(this.o.db, row.id, {
      status: giveUp ? 'failed' : 'queued',
      attempts,
      error: text,
      // 30 s, 60 s, 120 s...: a mail server that is down is not hammered.
      ...(giveUp ? {} : { retryInSeconds: Math.min(3600, 30 * 2 ** (attempts - 1)) }),
    });
    return giveUp;
  }
}

/** The lane as a job: once a second, in the one process that leads it (so the rate holds across processes). */
export function mailingJob(lane: MailingLane, db: Database, log: FastifyBaseLogger, intervalMs = 1000) {
  return new IntervalJob('mailings', async () => void (await lane.runOnce()), log, intervalMs, db);
}
