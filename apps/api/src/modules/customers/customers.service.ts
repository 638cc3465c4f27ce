import type { Queryable } from '@guichet/db/client';
import type {
  addNoteBodySchema,
  bulkTagBodySchema,
  CustomerDetail,
  CustomerEventOption,
  CustomerFilters,
  CustomerPage,
  CustomerSort,
  CustomerSummary,
  listCustomersQuerySchema,
  recordConsentBodySchema,
  TimelineEntry,
  updateCustomerBodySchema,
} from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import { type ApiAccess, PERMISSIONS } from '@guichet/shared/permissions';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor, keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { admitMember } from '../../plugins/tenancy';
import type { AccessClaims } from '../../tokens';
import { recordAudit } from '../audit/audit.service';
import { emitWebhookEvent } from '../integrations/webhook-events';
import { type CustomerPageCustomer, customerPageRows, type PageScope } from './customer-page.repository';
import * as repository from './customers.repository';
import * as lists from './member-lists.repository';
import { mergedRecordsOf } from './merge.repository';

/** The customers of an organisation (ALL or MEMBER): list, search, detail with timeline, edits. */

export const customerNotFound = () => new AppError('not-found', 'No such customer in this organisation.');
const TIMELINE_LIMIT = 200;
const iso = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at).toISOString();

/** A spend range means nothing without its currency: refused rather than silently ignored. */
export function checkFilters(filters: CustomerFilters) {
  if ((filters.spendMin !== undefined || filters.spendMax !== undefined) && !filters.spendCurrency) {
    throw new AppError('argument-error', 'Give spendCurrency with a spend range.', {
      details: [{ path: 'querystring.spendCurrency', message: 'Required with a spend range' }],
    });
  }
}

/** The summaries of a page of customer rows: totals and consent read for the page at once. */
async function summaries(
  db: Queryable,
  organizationId: string,
  rows: repository.CustomerRow[],
): Promise<CustomerSummary[]> {
  // A kept record counts the orders of the records merged into it (the same person's other addresses).
  const merged = await mergedRecordsOf(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  const emails = [...rows, ...merged].map((row) => row.email.toLowerCase());
  const [byEmail, consents] = await Promise.all([
    repository.totalsByEmail(db, organizationId, emails),
    repository.currentConsents(
      db,
      organizationId,
      rows.map((row) => row.id),
    ),
  ]);
  const totals = new Map<string, repository.TotalsRow | undefined>();
  for (const row of rows) {
    const addresses = [row.email, ...merged.filter((m) => m.rootId === row.id).map((m) => m.email)];
    totals.set(row.id, sumTotals(addresses.map((email) => byEmail.get(email.toLowerCase()))));
  }
  return rows.map((row) => summaryOf(row, consents.get(row.id), totals.get(row.id)));
}

function summaryOf(
  row: CustomerPageCustomer,
  consent: boolean | undefined,
  total: repository.TotalsRow | undefined,
): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    tags: row.tags,
    consent: consent === undefined ? null : consent ? 'granted' : 'withdrawn',
    firstSeenAt: iso(row.firstOrderAt),
    lastSeenAt: iso(row.lastOrderAt),
    totals: {
      orderCount: total?.orderCount ?? 0,
      ticketCount: total?.ticketCount ?? 0,
      spend: total?.spend ?? [],
      eventsAttended: total?.eventsAttended ?? 0,
      checkIns: total?.checkIns ?? 0,
    },
  };
}

/** The totals of one person's several addresses together (events attended: the most of any address). */
function sumTotals(parts: (repository.TotalsRow | undefined)[]): repository.TotalsRow | undefined {
  const present = parts.filter((part): part is repository.TotalsRow => part !== undefined);
  const [first, ...others] = present;
  if (!first || others.length === 0) return first;
  const spend = new Map<string, number>();
  for (const part of present) {
    for (const line of part.spend)
      spend.set(line.currency, (spend.get(line.currency) ?? 0) + line.amountMinor);
  }
  return {
    email: first.email,
    orderCount: present.reduce((sum, part) => sum + part.orderCount, 0),
    ticketCount: present.reduce((sum, part) => sum + part.ticketCount, 0),
    checkIns: present.reduce((sum, part) => sum + part.checkIns, 0),
    // Distinct events cannot be added up across addresses; the largest count is a floor, never inflated.
    eventsAttended: Math.max(...present.map((part) => part.eventsAttended)),
    spend: [...spend]
      .map(([currency, amountMinor]) => ({ currency, amountMinor }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

export interface PageRequest {
  filters: CustomerFilters;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/**
 * The caller of a list whose organisation scope is read with the page (decision 042): a staff member's
 * claims and the route's access. The page's statement reads the membership; `admitMember` judges it as
 * the scope's own read would, before any row is used.
 */
export interface CallerScope {
  claims: AccessClaims;
  access: ApiAccess;
}

/** The permissions any one of which admits `access`: its own and ALL, or any at all for staff routes. */
const admittingPermissions = (access: ApiAccess): readonly string[] =>
  access.kind === 'permission' ? [...access.anyOf, 'ALL'] : PERMISSIONS;

/** One page of customers and the cursor of the next (the last row's sort value and id). */
export async function customerPage(
  db: Queryable,
  organizationId: string,
  request: PageRequest,
  caller?: CallerScope,
): Promise<CustomerPage> {
  checkFilters(request.filters);
  const scope: PageScope | undefined = caller && {
    claims: caller.claims,
    admitted: admittingPermissions(caller.access),
  };
  const page = await customerPageRows(
    db,
    organizationId,
    {
      filters: request.filters,
      sort: request.sort,
      direction: request.direction,
      limit: request.limit,
      after: request.cursor ? (decodeCursor(request.cursor) ?? undefined) : undefined,
    },
    scope,
  );
  // 401, 403 or two-factor-required exactly as the organisation scope answers them.
  if (caller) admitMember(page.membership, caller.access);
  const last = page.rows.at(-1);
  return {
    items: page.rows.map(({ customer, consent, ...totals }) =>
      summaryOf(customer, consent === null ? undefined : consent, {
        email: customer.email,
        orderCount: totals.orderCount,
        ticketCount: totals.ticketCount,
        checkIns: totals.checkIns,
        eventsAttended: totals.eventsAttended,
        spend: totals.spend,
      }),
    ),
    nextCursor: page.more && last ? encodeCursor(last.sortValue, last.customer.id) : null,
  };
}

export function listCustomers(
  ctx: AppContext,
  organizationId: string,
  query: z.output<typeof listCustomersQuerySchema>,
  caller?: CallerScope,
): Promise<CustomerPage> {
  const { limit, cursor, sort, direction, ...filters } = query;
  return customerPage(ctx.db, organizationId, { filters, sort, direction, limit, cursor }, caller);
}

/** The customer, or the one it was merged into: an old id keeps working. */
async function resolveCustomer(db: Queryable, organizationId: string, customerId: string) {
  let row = await repository.findCustomer(db, organizationId, customerId);
  // Merges may chain; a few hops are plenty and a cycle cannot loop forever.
  for (let hop = 0; row?.mergedInto && hop < 5; hop += 1) {
    row = await repository.findCustomer(db, organizationId, row.mergedInto);
  }
  if (!row || row.mergedInto) throw customerNotFound();
  return row;
}

export async function getCustomer(
  ctx: AppContext,
  organizationId: string,
  customerId: string,
): Promise<CustomerDetail> {
  const db = ctx.db;
  const row = await resolveCustomer(db, organizationId, customerId);
  const addresses = [row.email, ...(await mergedRecordsOf(db, organizationId, [row.id])).map((m) => m.email)];
  const [[summary], orderLists, checkInLists, consents, notes, memberships, listHistory] = await Promise.all([
    summaries(db, organizationId, [row]),
    Promise.all(addresses.map((email) => repository.ordersOf(db, organizationId, email, TIMELINE_LIMIT))),
    Promise.all(addresses.map((email) => repository.checkInsOf(db, organizationId, email, TIMELINE_LIMIT))),
    repository.consentHistory(db, organizationId, row.id),
    repository.customerNotesOf(db, organizationId, row.id, TIMELINE_LIMIT),
    lists.membershipsOf(db, organizationId, row.id),
    lists.historyOfCustomer(db, organizationId, row.id, TIMELINE_LIMIT),
  ]);
  if (!summary) throw customerNotFound();
  const orders = orderLists.flat();
  const checkIns = checkInLists.flat();
  const timeline: TimelineEntry[] = [
    ...orders.map(
      (order): TimelineEntry => ({
        kind: 'order',
        id: order.id,
        at: iso(order.createdAt),
        orderId: order.id,
        code: order.code,
        eventId: order.eventId,
        eventName: order.eventName,
        status: order.status,
        totalMinor: order.totalMinor,
        refundedMinor: order.refundedMinor,
        currency: order.currency,
        ticketCount: order.ticketCount,
      }),
    ),
    ...checkIns.map(
      (checkIn): TimelineEntry => ({
        kind: 'checkin',
        id: checkIn.id,
        at: iso(checkIn.scanned_at),
        orderId: checkIn.order_id,
        eventId: checkIn.event_id,
        eventName: checkIn.event_name,
        attendeeName: checkIn.attendee_name,
      }),
    ),
    ...consents.map(
      ({ consent, actorName }): TimelineEntry => ({
        kind: 'consent',
        id: consent.id,
        at: iso(consent.createdAt),
        granted: consent.granted,
        source: consent.source,
        wording: consent.wording,
        actorName,
      }),
    ),
    ...notes.map(
      ({ note, actorName }): TimelineEntry => ({
        kind: 'note',
        id: note.id,
        at: iso(note.createdAt),
        body: note.body,
        actorName,
      }),
    ),
    ...listHistory.map(
      ({ entry, listName, actorName }): TimelineEntry => ({
        kind: 'list',
        id: entry.id,
        at: iso(entry.createdAt),
        listId: entry.listId,
        listName,
        action: entry.action,
        actorName,
      }),
    ),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return {
    ...summary,
    notes: row.notes,
    consents: consents.map(({ consent, actorName }) => ({
      id: consent.id,
      granted: consent.granted,
      source: consent.source,
      wording: consent.wording,
      orderId: consent.orderId,
      actorName,
      at: iso(consent.createdAt),
    })),
    lists: memberships.map(({ member, name }) => ({
      listId: member.listId,
      name,
      validFrom: member.validFrom,
      validUntil: member.validUntil,
    })),
    timeline: timeline.slice(0, TIMELINE_LIMIT),
  };
}

const EDITABLE = ['name', 'phone', 'language', 'tags', 'notes'] as const;

export async function updateCustomer(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  customerId: string,
  body: z.output<typeof updateCustomerBodySchema>,
): Promise<CustomerDetail> {
  const kept = await resolveCustomer(ctx.db, organizationId, customerId);
  const values: repository.CustomerUpdate = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.phone !== undefined) values.phone = body.phone || null;
  if (body.language !== undefined) values.language = body.language;
  if (body.tags !== undefined) values.tags = [...new Set(body.tags)].sort();
  if (body.notes !== undefined) values.notes = body.notes || null;
  await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateCustomer(tx, organizationId, kept.id, values);
    if (!updated) throw customerNotFound();
    const before = Object.fromEntries(EDITABLE.filter((key) => key in values).map((key) => [key, kept[key]]));
    const after = Object.fromEntries(
      EDITABLE.filter((key) => key in values).map((key) => [key, updated[key]]),
    );
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'customer.updated',
      targetType: 'customer',
      targetId: kept.id,
      before,
      after,
    });
    await emitWebhookEvent(tx, {
      organizationId,
      type: 'customer.updated',
      data: { id: kept.id, email: updated.email, name: updated.name, before, after },
    });
  });
  return getCustomer(ctx, organizationId, kept.id);
}

export async function addNote(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  customerId: string,
  body: z.output<typeof addNoteBodySchema>,
): Promise<CustomerDetail> {
  const kept = await resolveCustomer(ctx.db, organizationId, customerId);
  await repository.insertNote(ctx.db, {
    organizationId,
    customerId: kept.id,
    body: body.body,
    authorId: actor,
  });
  return getCustomer(ctx, organizationId, kept.id);
}

/** Staff record consent given or withdrawn elsewhere (by phone, on paper): a new row of the history. */
export async function recordConsent(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  customerId: string,
  body: z.output<typeof recordConsentBodySchema>,
): Promise<CustomerDetail> {
  const kept = await resolveCustomer(ctx.db, organizationId, customerId);
  await repository.insertConsent(ctx.db, {
    organizationId,
    customerId: kept.id,
    granted: body.granted,
    source: 'staff',
    wording: body.wording,
    recordedBy: actor,
  });
  return getCustomer(ctx, organizationId, kept.id);
}

export async function eventOptions(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<CustomerEventOption>> {
  const rows = await repository.eventOptions(ctx.db, organizationId, query);
  const page = keysetPage(rows, query.limit, (row) => [row.startsAt.toISOString(), row.id]);
  return {
    items: page.items.map((row) => ({ id: row.id, name: row.name, startsAt: row.startsAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

export async function retagCustomers(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  body: z.output<typeof bulkTagBodySchema>,
): Promise<{ updated: number }> {
  return ctx.db.transaction(async (tx) => {
    const updated = await repository.retagCustomers(
      tx,
      organizationId,
      body.customerIds,
      body.add,
      body.remove,
    );
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'customer.tags-changed',
      targetType: 'customer',
      after: { customers: updated, add: body.add, remove: body.remove },
    });
    return { updated };
  });
}
