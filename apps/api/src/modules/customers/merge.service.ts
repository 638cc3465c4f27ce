import type { CustomerMerge, MergeCustomerBody } from '@guichet/shared/customer-records';
import type { Page } from '@guichet/shared/paging';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './customers.repository';
import { customerNotFound } from './customers.service';
import * as merges from './merge.repository';

/**
 * Two records of one person joined into one. The merged record keeps its row, hidden from lists, with
 * `merged_into` pointing at the kept one, so its old id still resolves; its orders count for the kept
 * record through its address (orders are never rewritten: they are what the buyer typed). Notes, list
 * memberships and tags move to the kept record and the merge row remembers exactly what moved, so an
 * unmerge puts back that and nothing else. Consent stays with the address it was given for.
 */

const iso = (at: Date) => at.toISOString();

/** The record at the end of the merges (an old id answers the kept one). */
async function rootOf(ctx: AppContext, organizationId: string, customerId: string) {
  let row = await repository.findCustomer(ctx.db, organizationId, customerId);
  for (let hop = 0; row?.mergedInto && hop < 20; hop += 1) {
    row = await repository.findCustomer(ctx.db, organizationId, row.mergedInto);
  }
  if (!row || row.mergedInto) throw customerNotFound();
  return row;
}

export async function listMerges(
  ctx: AppContext,
  organizationId: string,
  customerId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<CustomerMerge>> {
  const kept = await rootOf(ctx, organizationId, customerId);
  const rows = await merges.mergesOfKept(ctx.db, organizationId, kept.id, query);
  const page = keysetPage(rows, query.limit, (row) => ['', row.merge.id]);
  const items = page.items.map(({ merge, mergedName, mergedEmail, actorName }) => ({
    id: merge.id,
    keptId: merge.keptId,
    mergedId: merge.mergedId,
    mergedName,
    mergedEmail,
    moved: {
      notes: merge.moved.noteIds.length,
      memberships: merge.moved.memberships.length,
      tags: merge.moved.tagsAdded,
    },
    mergedAt: iso(merge.mergedAt),
    actorName,
    unmergedAt: merge.unmergedAt ? iso(merge.unmergedAt) : null,
  }));
  return { items, nextCursor: page.nextCursor };
}

const sameRecord = () =>
  new AppError('argument-error', 'A record cannot be merged into itself.', {
    details: [{ path: 'body.mergedId', message: 'Same customer' }],
  });

export async function mergeCustomers(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  customerId: string,
  body: MergeCustomerBody,
): Promise<CustomerMerge> {
  const [kept, other] = await Promise.all([
    rootOf(ctx, organizationId, customerId),
    rootOf(ctx, organizationId, body.mergedId),
  ]);
  if (kept.id === other.id) throw sameRecord();
  const mergeId = await ctx.db.transaction(async (tx) => {
    // Both rows locked, then checked again: a concurrent merge of the same pair (either way round) waits
    // here and finds one of them already merged.
    const locked = await merges.lockCustomers(tx, organizationId, [kept.id, other.id]);
    const keptRow = locked.find((row) => row.id === kept.id);
    const mergedRow = locked.find((row) => row.id === other.id);
    if (!keptRow || !mergedRow || keptRow.mergedInto || mergedRow.mergedInto) throw customerNotFound();
    const noteIds = await merges.moveNotes(tx, organizationId, mergedRow.id, keptRow.id);
    const memberships = await merges.moveMemberships(tx, organizationId, mergedRow.id, keptRow.id);
    const tagsAdded = mergedRow.tags.filter((tag) => !keptRow.tags.includes(tag));
    if (tagsAdded.length > 0) {
      await merges.setTags(tx, organizationId, keptRow.id, [...keptRow.tags, ...tagsAdded].sort());
    }
    await merges.setMergedInto(tx, organizationId, mergedRow.id, keptRow.id);
    const merge = await merges.insertMerge(tx, {
      organizationId,
      keptId: keptRow.id,
      mergedId: mergedRow.id,
      moved: { noteIds, memberships, tagsAdded },
      mergedBy: actor,
    });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'customer.merged',
      targetType: 'customer',
      targetId: keptRow.id,
      after: {
        mergedId: mergedRow.id,
        notes: noteIds.length,
        memberships: memberships.length,
        tagsAdded,
      },
    });
    return merge.id;
  });
  // The newest first: the merge just made is on the first page.
  const listed = await listMerges(ctx, organizationId, kept.id, { limit: 100 });
  const made = listed.items.find((merge) => merge.id === mergeId);
  if (!made) throw customerNotFound();
  return made;
}

/** Undoes the merge in force of `mergedId` into `customerId`: what moved goes back, the old id is its own. */
export async function unmergeCustomer(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  customerId: string,
  mergedId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const merge = await merges.mergeInForce(tx, organizationId, mergedId);
    if (!merge || merge.keptId !== customerId) {
      throw new AppError('not-found', 'No merge of this record into that customer is in force.');
    }
    const locked = await merges.lockCustomers(tx, organizationId, [merge.keptId, merge.mergedId]);
    const keptRow = locked.find((row) => row.id === merge.keptId);
    if (!keptRow) throw customerNotFound();
    // Only what the merge moved goes back; what staff added to the kept record since stays there.
    const notes = await merges.moveNotes(
      tx,
      organizationId,
      merge.keptId,
      merge.mergedId,
      merge.moved.noteIds,
    );
    const memberships = await merges.moveMemberships(
      tx,
      organizationId,
      merge.keptId,
      merge.mergedId,
      merge.moved.memberships.map((membership) => membership.listId),
    );
    if (merge.moved.tagsAdded.length > 0) {
      const tags = keptRow.tags.filter((tag) => !merge.moved.tagsAdded.includes(tag));
      await merges.setTags(tx, organizationId, keptRow.id, tags);
    }
    await merges.setMergedInto(tx, organizationId, merge.mergedId, null);
    await merges.markUnmerged(tx, organizationId, merge.id, actor);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'customer.unmerged',
      targetType: 'customer',
      targetId: merge.keptId,
      after: { mergedId: merge.mergedId, notes: notes.length, memberships: memberships.length },
    });
  });
}
