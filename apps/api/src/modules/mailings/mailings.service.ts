import type {
  CreateMailingBody,
  listMailingsQuerySchema,
  listRecipientsQuerySchema,
  Mailing,
  MailingAction,
  MailingAudience,
  MailingPage,
  MailingPreview,
  MailingProgress,
  RecipientPage,
  RecipientStatus,
  UpdateMailingBody,
} from '@guichet/shared/mailings';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { insertConsent } from '../customers/customers.repository';
import { checkFilters } from '../customers/customers.service';
import { sanitizeHtml } from '../events/sanitize-html';
import { enqueueMail } from '../mail/mail.repository';
import { mailingMessage, unsubscribeUrl } from './mailing-message';
import * as repository from './mailings.repository';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** Mailings (ALL or MEMBER): written as drafts, then sent by the mailing lane (mailing-lane.ts). */

const notFound = () => new AppError('not-found', 'No such mailing in this organisation.');

function progressView(counts: Map<RecipientStatus, number> | undefined): MailingProgress {
  const n = (status: RecipientStatus) => counts?.get(status) ?? 0;
  const progress = {
    queued: n('queued'),
    sent: n('sent'),
    skippedSuppressed: n('skipped-suppressed'),
    skippedNoConsent: n('skipped-no-consent'),
    failed: n('failed'),
    cancelled: n('cancelled'),
  };
  return { total: Object.values(progress).reduce((sum, value) => sum + value, 0), ...progress };
}

function view(row: repository.MailingRow, counts: Map<RecipientStatus, number> | undefined): Mailing {
  return {
    id: row.id,
    kind: row.kind,
    audience: row.audience as MailingAudience,
    subject: row.subject,
    bodyHtml: row.bodyHtml,
    status: row.status,
    expanding: row.status !== 'draft' && row.expandedAt === null && row.status !== 'cancelled',
    progress: progressView(counts),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Rich text kept to the sanitiser's allow-list; nothing readable left is a refused field. */
function cleanBody(html: string): string {
  const clean = sanitizeHtml(html);
  if (clean.replace(/<[^>]*>/g, '').trim().length === 0) {
    throw new AppError('argument-error', 'The message has no text.', {
      details: [{ path: 'body.bodyHtml', message: 'empty' }],
    });
  }
  return clean;
}

/** The audience must suit the kind and be the organisation's own (a foreign list or event is not found). */
async function checkAudience(
  ctx: AppContext,
  organizationId: string,
  kind: Mailing['kind'],
  audience: MailingAudience,
) {
  const suits = kind === 'event-update' ? audience.kind === 'event' : audience.kind !== 'event';
  if (!suits) {
    throw new AppError(
      'argument-error',
      'An event update goes to an event; marketing to a list or a filter.',
      {
        details: [{ path: 'body.audience.kind', message: 'does not suit the kind' }],
      },
    );
  }
  if (audience.kind === 'filter') {
    checkFilters(audience.filters);
    return;
  }
  const target =
    audience.kind === 'list'
      ? { kind: 'list' as const, id: audience.listId }
      : { kind: 'event' as const, id: audience.eventId };
  if (!(await repository.audienceExists(ctx.db, organizationId, target))) {
    throw new AppError('not-found', `No such ${target.kind} in this organisation.`);
  }
}

async function withProgress(ctx: AppContext, organizationId: string, row: repository.MailingRow) {
  const progress = await repository.progressOf(ctx.db, organizationId, [row.id]);
  return view(row, progress.get(row.id));
}

export async function createMailing(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  body: CreateMailingBody & { kind: Mailing['kind']; audience: MailingAudience },
): Promise<Mailing> {
  await checkAudience(ctx, organizationId, body.kind, body.audience);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertMailing(tx, {
      organizationId,
      kind: body.kind,
      audience: body.audience,
      subject: body.subject,
      bodyHtml: cleanBody(body.bodyHtml),
      createdBy: staffId,
    });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'mailing.created',
      targetType: 'mailing',
      targetId: created.id,
      after: { kind: created.kind, subject: created.subject, audience: created.audience },
    });
    return created;
  });
  return view(row, undefined);
}

export async function updateMailing(
  ctx: AppContext,
  organizationId: string,
  mailingId: string,
  body: UpdateMailingBody & { audience?: MailingAudience | undefined },
): Promise<Mailing> {
  const current = await repository.findMailing(ctx.db, organizationId, mailingId);
  if (!current) throw notFound();
  if (body.audience) await checkAudience(ctx, organizationId, current.kind, body.audience);
  const row = await repository.updateDraft(ctx.db, organizationId, mailingId, {
    ...(body.audience ? { audience: body.audience } : {}),
    ...(body.subject ? { subject: body.subject } : {}),
    ...(body.bodyHtml ? { bodyHtml: cleanBody(body.bodyHtml) } : {}),
  });
  if (!row) throw new AppError('invalid-status-transition', 'Only a draft can be changed.');
  return withProgress(ctx, organizationId, row);
}

export async function getMailing(
  ctx: AppContext,
  organizationId: string,
  mailingId: string,
): Promise<Mailing> {
  const row = await repository.findMailing(ctx.db, organizationId, mailingId);
  if (!row) throw notFound();
  return withProgress(ctx, organizationId, row);
}

export async function listMailings(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof listMailingsQuerySchema>,
): Promise<MailingPage> {
  const { rows, more } = await repository.listMailings(ctx.db, organizationId, query.limit, query.cursor);
  const progress = await repository.progressOf(
    ctx.db,
    organizationId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => view(row, progress.get(row.id))),
    nextCursor: more ? (rows.at(-1)?.id ?? null) : null,
  };
}

export async function listRecipients(
  ctx: AppContext,
  organizationId: string,
  mailingId: string,
  query: z.output<typeof listRecipientsQuerySchema>,
): Promise<RecipientPage> {
  if (!(await repository.findMailing(ctx.db, organizationId, mailingId))) throw notFound();
  const { rows, more } = await repository.listRecipients(ctx.db, organizationId, mailingId, {
    limit: query.limit,
    after: query.cursor,
    status: query.status,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      processedAt: row.processedAt?.toISOString() ?? null,
    })),
    nextCursor: more ? (rows.at(-1)?.id ?? null) : null,
  };
}

const TRANSITIONS: Record<MailingAction, { from: Mailing['status'][]; to: Mailing['status'] }> = {
  send: { from: ['draft'], to: 'sending' },
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['draft', 'sending', 'paused'], to: 'cancelled' },
};

/** Send, pause, resume or cancel; each moves the mailing only from the statuses it makes sense from. */
export async function actOnMailing(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  mailingId: string,
  action: MailingAction,
): Promise<Mailing> {
  const { from, to } = TRANSITIONS[action];
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await repository.transition(tx, organizationId, mailingId, from, to);
    if (!moved) return undefined;
    if (to === 'cancelled') await repository.cancelQueued(tx, organizationId, mailingId);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: `mailing.${action}`,
      targetType: 'mailing',
      targetId: mailingId,
      after: { status: to },
    });
    return moved;
  });
  if (!row) {
    if (!(await repository.findMailing(ctx.db, organizationId, mailingId))) throw notFound();
    throw new AppError('invalid-status-transition', `A mailing cannot ${action} from its current status.`);
  }
  return withProgress(ctx, organizationId, row);
}

/** The mailing as a reader of English and of French gets it, with the footer and (marketing) the link. */
export async function previewMailing(
  ctx: AppContext,
  organizationId: string,
  mailingId: string,
): Promise<MailingPreview> {
  const row = await repository.findMailing(ctx.db, organizationId, mailingId);
  const organiser = await repository.organiserOf(ctx.db, organizationId);
  if (!row || !organiser) throw notFound();
  const sample = 'recipient@example.com';
  const link =
    row.kind === 'marketing'
      ? unsubscribeUrl(ctx.config.publicUrl, ctx.config.jwtSecret, organizationId, sample)
      : null;
  const html = (language: 'en' | 'fr') =>
    mailingMessage(row, organiser, { email: sample, language }, link).html;
  return { subject: row.subject, html: { en: html('en'), fr: html('fr') } };
}

/**
 * A test send to the staff member who asks, through the ordinary outbox (one mail), with a working
 * unsubscribe link for their own address.
 */
export async function testSend(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  mailingId: string,
): Promise<{ to: string }> {
  const [row, organiser, me] = await Promise.all([
    repository.findMailing(ctx.db, organizationId, mailingId),
    repository.organiserOf(ctx.db, organizationId),
    repository.staffAddress(ctx.db, staffId),
  ]);
  if (!row || !organiser || !me) throw notFound();
  const link =
    row.kind === 'marketing'
      ? unsubscribeUrl(ctx.config.publicUrl, ctx.config.jwtSecret, organizationId, me.email)
      : null;
  const message = mailingMessage(row, organiser, { email: me.email, language: me.locale }, link);
  await enqueueMail(ctx.db, { ...message, subject: `[Test] ${message.subject}` });
  ctx.kickOutbox();
  return { to: me.email };
}

/** What an unsubscribe link names, or null for a link that was not made by this app. */
export function readUnsubscribeLink(ctx: AppContext, token: string) {
  return verifyUnsubscribeToken(ctx.config.jwtSecret, token);
}

/**
 * Unsubscribes the address of a genuine link: it joins the organisation's suppression list and, when a
 * customer has this address and their consent is not already withdrawn, a withdrawal is recorded, in one
 * transaction. Doing it twice changes nothing more.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ organiser: string } | null> {
  const subject = verifyUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!subject) return null;
  const organiser = await repository.organiserOf(ctx.db, subject.organizationId);
  if (!organiser) return null;
  await ctx.db.transaction(async (tx) => {
    await repository.suppress(tx, {
      organizationId: subject.organizationId,
      email: subject.email,
      reason: 'unsubscribed',
    });
    const customerId = await repository.customerIdByEmail(tx, subject.organizationId, subject.email);
    if (!customerId) return;
    const checks = await repository.sendingChecks(tx, subject.organizationId, [subject.email]);
    if (checks.get(subject.email)?.consent === false) return;
    await insertConsent(tx, {
      organizationId: subject.organizationId,
      customerId,
      granted: false,
      source: 'unsubscribe',
      wording: 'Unsubscribed with the link of a mailing.',
    });
  });
  return { organiser: organiser.name };
}
