import type {
  addMembersBodySchema,
  createMemberListBodySchema,
  ListHistoryEntry,
  listMembersQuerySchema,
  MemberList,
  updateMemberListBodySchema,
} from '@guichet/shared/customers';
import type { Page } from '@guichet/shared/paging';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor, keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { customerCreatedData, emitWebhookEvent } from '../integrations/webhook-events';
import * as customers from './customers.repository';
import { checkFilters } from './customers.service';
import * as repository from './member-lists.repository';

/** Member lists (ALL or MEMBER): named sets of customers, each change kept in the list's history. */

const listNotFound = () => new AppError('not-found', 'No such member list in this organisation.');
/** A taken name is a refused field of the form, so the page says it beside the name, in its language. */
const nameTaken = () =>
  new AppError('argument-error', 'Another member list has this name.', {
    details: [{ path: 'body.name', message: 'taken' }],
  });
/** At most this many customers join from one filter: a list of a whole 200,000-customer base is a mistake. */
export const MAX_MEMBERS_FROM_FILTER = 50_000;
/** Rows written per statement when many customers join at once. */
const CHUNK = 1000;

function view(row: repository.MemberListRow, memberCount: number): MemberList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

async function listOf(ctx: AppContext, organizationId: string, listId: string) {
  const list = await repository.findMemberList(ctx.db, organizationId, listId);
  if (!list) throw listNotFound();
  return list;
}

export async function memberLists(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<MemberList>> {
  const rows = await repository.listMemberLists(ctx.db, organizationId, query);
  const page = keysetPage(rows, query.limit, (row) => [row.list.name.toLowerCase(), row.list.id]);
  return { items: page.items.map((row) => view(row.list, row.memberCount)), nextCursor: page.nextCursor };
}

export async function createMemberList(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  body: z.output<typeof createMemberListBodySchema>,
): Promise<MemberList> {
  return ctx.db.transaction(async (tx) => {
    const row = await repository.insertMemberList(tx, { organizationId, ...body, createdBy: actor });
    if (!row) throw nameTaken();
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'member-list.created',
      targetType: 'member-list',
      targetId: row.id,
      after: body,
    });
    return view(row, 0);
  });
}

export async function updateMemberList(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  listId: string,
  body: z.output<typeof updateMemberListBodySchema>,
): Promise<MemberList> {
  const before = await listOf(ctx, organizationId, listId);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateMemberList(tx, organizationId, listId, body);
    if (updated === 'name-taken') throw nameTaken();
    if (!updated) throw listNotFound();
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'member-list.updated',
      targetType: 'member-list',
      targetId: listId,
      before: { name: before.name, description: before.description },
      after: body,
    });
    return updated;
  });
  return view(row, await repository.memberCount(ctx.db, organizationId, listId));
}

/**
 * Adds customers (by id, by e-mail, or every customer matching a filter) with one validity window. Those
 * already on the list take the new window; each addition and change is written to the list's history in
 * the same transaction.
 */
export async function addMembers(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  listId: string,
  body: z.output<typeof addMembersBodySchema>,
): Promise<{ added: number; changed: number }> {
  await listOf(ctx, organizationId, listId);
  if (body.filter) checkFilters(body.filter);
  return ctx.db.transaction(async (tx) => {
    const ids = new Set(await repository.existingCustomers(tx, organizationId, body.customerIds ?? []));
    if (body.people?.length) {
      const currency = await customers.organizationCurrency(tx, organizationId);
      for (const person of body.people) {
        const customer = await customers.ensureCustomer(tx, organizationId, {
          email: person.email,
          name: person.name ?? person.email.split('@')[0] ?? person.email,
          currency,
        });
        if (customer.inserted) {
          await emitWebhookEvent(tx, {
            organizationId,
            type: 'customer.created',
            data: customerCreatedData({ ...customer, source: 'staff' }),
          });
        }
        ids.add(customer.id);
      }
    }
    if (body.filter) {
      for (const id of await customers.customerIdsMatching(
        tx,
        organizationId,
        body.filter,
        MAX_MEMBERS_FROM_FILTER,
      )) {
        ids.add(id);
      }
    }
    const all = [...ids];
    let added = 0;
    let changed = 0;
    const window = { validFrom: body.validFrom, validUntil: body.validUntil };
    for (let start = 0; start < all.length; start += CHUNK) {
      const written = await repository.upsertMembers(
        tx,
        organizationId,
        listId,
        all.slice(start, start + CHUNK),
        window,
        actor,
      );
      await repository.insertHistory(
        tx,
        written.map((row) => ({
          organizationId,
          listId,
          customerId: row.customerId,
          action: row.inserted ? ('added' as const) : ('changed' as const),
          ...window,
          actorId: actor,
        })),
      );
      for (const row of written) {
        if (row.inserted) added += 1;
        else changed += 1;
      }
    }
    return { added, changed };
  });
}

export async function removeMember(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  listId: string,
  customerId: string,
): Promise<void> {
  await listOf(ctx, organizationId, listId);
  await ctx.db.transaction(async (tx) => {
    const removed = await repository.deleteMember(tx, organizationId, listId, customerId);
    if (!removed) throw new AppError('not-found', 'This customer is not on the list.');
    await repository.insertHistory(tx, [
      {
        organizationId,
        listId,
        customerId,
        action: 'removed',
        validFrom: removed.validFrom,
        validUntil: removed.validUntil,
        actorId: actor,
      },
    ]);
  });
}

export async function listMembers(
  ctx: AppContext,
  organizationId: string,
  listId: string,
  query: z.output<typeof listMembersQuerySchema>,
) {
  await listOf(ctx, organizationId, listId);
  const after = query.cursor ? decodeCursor(query.cursor)?.[1] : undefined;
  const page = await repository.listMembers(ctx.db, organizationId, listId, {
    limit: query.limit,
    after,
    q: query.q,
  });
  const last = page.rows.at(-1);
  return {
    items: page.rows.map(({ member, name, email }) => ({
      customerId: member.customerId,
      name,
      email,
      validFrom: member.validFrom,
      validUntil: member.validUntil,
      addedAt: member.addedAt.toISOString(),
    })),
    nextCursor: page.more && last ? encodeCursor('', last.member.customerId) : null,
  };
}

export async function listHistory(
  ctx: AppContext,
  organizationId: string,
  listId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<ListHistoryEntry>> {
  await listOf(ctx, organizationId, listId);
  const rows = await repository.listHistory(ctx.db, organizationId, listId, query);
  const page = keysetPage(rows, query.limit, (row) => ['', row.entry.id]);
  const items = page.items.map(({ entry, customerName, customerEmail, actorName }) => ({
    id: entry.id,
    customerId: entry.customerId,
    customerName,
    customerEmail,
    action: entry.action,
    validFrom: entry.validFrom,
    validUntil: entry.validUntil,
    actorName,
    at: entry.createdAt.toISOString(),
  }));
  return { items, nextCursor: page.nextCursor };
}
