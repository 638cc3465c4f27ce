import type { Queryable } from '@guichet/db/client';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { invalid } from './event-guards';
import { type Gate, gatesOf, listChoices, ownLists, setGate } from './member-gates.repository';

/**
 * Gated ticket types on the staff side (decision 028): a `members` type names one or more of the
 * organisation's member lists and, optionally, how many tickets one member may hold. The checkout's side
 * (codes, the re-check at commit, the per-member count) lives in `orders/member-gate.*`.
 */

/** What a ticket type's form says about its gate. */
export interface GateInput {
  visibility: 'public' | 'hidden' | 'members';
  memberListIds: string[];
  maxPerMember: number | null;
}

/**
 * Checks the gate a ticket type is given and answers it (null for a type that is not `members`): at least
 * one list, each the organisation's own (another organisation's list answers like an unknown one).
 */
export async function checkGate(
  db: Queryable,
  organizationId: string,
  input: GateInput,
): Promise<Gate | null> {
  if (input.visibility !== 'members') return null;
  const listIds = [...new Set(input.memberListIds)].sort();
  if (listIds.length === 0)
    throw invalid([{ path: 'body.memberListIds', message: 'Choose at least one member list.' }]);
  const own = await ownLists(db, organizationId, listIds);
  const unknown = listIds.findIndex((id) => !own.has(id));
  if (unknown >= 0)
    throw invalid([{ path: `body.memberListIds.${unknown}`, message: 'No such member list.' }]);
  return { listIds, maxPerMember: input.maxPerMember };
}

/** A ticket type's gate as stored (or the empty one of an ungated type). */
export async function currentGate(
  db: Queryable,
  organizationId: string,
  ticketTypeId: string,
): Promise<Gate> {
  const gates = await gatesOf(db, organizationId, [ticketTypeId]);
  return gates.get(ticketTypeId) ?? { listIds: [], maxPerMember: null };
}

/** A duplicated event's ticket types keep their gates. */
export async function copyGates(
  tx: Queryable,
  organizationId: string,
  pairs: { from: string; to: string | undefined }[],
): Promise<void> {
  const gates = await gatesOf(
    tx,
    organizationId,
    pairs.map((pair) => pair.from),
  );
  for (const { from, to } of pairs) {
    const gate = gates.get(from);
    if (gate && to) await setGate(tx, organizationId, to, gate);
  }
}

/** The member lists staff may pick for a ticket type: ids and names only. */
export async function memberListChoices(
  ctx: AppContext,
  organizationId: string,
  query: { limit: number; cursor?: string },
) {
  return keysetPage(await listChoices(ctx.db, organizationId, query), query.limit, (row) => [
    row.name,
    row.id,
  ]);
}
