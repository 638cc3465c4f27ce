import { randomBytes } from 'node:crypto';
import { uuidv7 } from '@guichet/db/ids';
import type {
  createTrackingLinkBodySchema,
  TrackingLink,
  TrackingLinksPage,
  updateTrackingLinkBodySchema,
} from '@guichet/shared/acquisition';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './links.repository';

/** Tracking links of an organisation's events (ALL or DASHBOARD), and where their short address leads. */

const notFound = () => new AppError('not-found', 'No such tracking link or event in this organisation.');

const CODE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const CODE_LENGTH = 8;

/** A short code from the CSPRNG: 8 of 36 characters (41 bits), easy to type from a poster. */
export function newLinkCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      // 252 = 7 × 36: bytes above it are dropped so every character is equally likely.
      if (byte < 252 && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % 36];
    }
  }
  return code;
}

/** The public event page a link leads to, with its code and UTM values (for tools that read them). */
export function targetUrl(
  publicUrl: string,
  orgSlug: string,
  eventSlug: string,
  link: { code: string; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null },
): string {
  const query = new URLSearchParams({ l: link.code });
  if (link.utmSource) query.set('utm_source', link.utmSource);
  if (link.utmMedium) query.set('utm_medium', link.utmMedium);
  if (link.utmCampaign) query.set('utm_campaign', link.utmCampaign);
  return `${publicUrl}/e/${encodeURIComponent(orgSlug)}/${encodeURIComponent(eventSlug)}?${query}`;
}

async function viewOf(ctx: AppContext, row: repository.LinkRow, orgSlug?: string): Promise<TrackingLink> {
  const slug = orgSlug ?? (await repository.organizationSlug(ctx.db, row.organizationId));
  const event = await repository.findEvent(ctx.db, row.organizationId, row.eventId);
  return view(ctx, row, slug, event?.slug ?? '');
}

function view(ctx: AppContext, row: repository.LinkRow, orgSlug: string, eventSlug: string): TrackingLink {
  const publicUrl = ctx.config.publicUrl;
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    code: row.code,
    name: row.name,
    channel: row.channel,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    shortUrl: `${publicUrl}/t/${row.code}`,
    targetUrl: targetUrl(publicUrl, orgSlug, eventSlug, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listEvents(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string },
) {
  const page = keysetPage(await repository.listEvents(ctx.db, organizationId, query), query.limit, (row) => [
    row.startsAt.toISOString(),
    row.id,
  ]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      startsAt: row.startsAt.toISOString(),
      status: row.status,
    })),
  };
}

export async function listLinks(
  ctx: AppContext,
  organizationId: string,
  query: { eventId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<TrackingLinksPage> {
  const afterId = query.cursor && /^[0-9a-f-]{36}$/i.test(query.cursor) ? query.cursor : undefined;
  const rows = await repository.listLinks(ctx.db, organizationId, {
    eventId: query.eventId,
    afterId,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const orgSlug = await repository.organizationSlug(ctx.db, organizationId);
  const eventSlugs = new Map<string, string>();
  for (const row of page) {
    if (!eventSlugs.has(row.eventId)) {
      const event = await repository.findEvent(ctx.db, organizationId, row.eventId);
      eventSlugs.set(row.eventId, event?.slug ?? '');
    }
  }
  return {
    items: page.map((row) => view(ctx, row, orgSlug, eventSlugs.get(row.eventId) ?? '')),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function getLink(ctx: AppContext, organizationId: string, linkId: string) {
  const row = await repository.findLink(ctx.db, organizationId, linkId);
  if (!row) throw notFound();
  return viewOf(ctx, row);
}

export async function createLink(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string | null,
  body: z.output<typeof createTrackingLinkBodySchema>,
): Promise<TrackingLink> {
  const event = await repository.findEvent(ctx.db, organizationId, body.eventId);
  if (!event) throw notFound();
  const id = await ctx.db.transaction(async (tx) => {
    // A taken code (one chance in millions per link) draws another.
    for (let attempt = 0; attempt < 5; attempt++) {
      const link = {
        id: uuidv7(),
        organizationId,
        eventId: event.id,
        code: newLinkCode(),
        name: body.name,
        channel: body.channel,
        utmSource: body.utmSource ?? null,
        utmMedium: body.utmMedium ?? null,
        utmCampaign: body.utmCampaign ?? null,
      };
      if (await repository.insertLink(tx, link)) {
        await recordAudit(tx, {
          organizationId,
          actorStaffId,
          action: 'tracking-link.created',
          targetType: 'tracking_link',
          targetId: link.id,
          after: link,
        });
        return link.id;
      }
    }
    throw new Error('could not draw a free tracking link code');
  });
  return getLink(ctx, organizationId, id);
}

export async function updateLink(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string | null,
  linkId: string,
  body: z.output<typeof updateTrackingLinkBodySchema>,
): Promise<TrackingLink> {
  await ctx.db.transaction(async (tx) => {
    const before = await repository.findLink(tx, organizationId, linkId);
    if (!before || !(await repository.updateLink(tx, organizationId, linkId, body))) throw notFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId,
      action: 'tracking-link.updated',
      targetType: 'tracking_link',
      targetId: linkId,
      before: { name: before.name, channel: before.channel },
      after: body,
    });
  });
  return getLink(ctx, organizationId, linkId);
}

export async function deleteLink(
  ctx: AppContext,
  organizationId: string,
  actorStaffId: string | null,
  linkId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repository.findLink(tx, organizationId, linkId);
    if (!before || !(await repository.deleteLink(tx, organizationId, linkId))) throw notFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId,
      action: 'tracking-link.deleted',
      targetType: 'tracking_link',
      targetId: linkId,
      before: { name: before.name, channel: before.channel, code: before.code },
    });
  });
}

/** Where a short address leads; null when no link has that code. */
export async function shortLinkTarget(ctx: AppContext, code: string): Promise<string | null> {
  const link = await repository.findLinkByCode(ctx.db, code);
  return link ? targetUrl(ctx.config.publicUrl, link.orgSlug, link.eventSlug, link) : null;
}
