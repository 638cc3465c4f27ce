import type { Queryable } from '@guichet/db/client';
import type { EventStatus } from '@guichet/shared/events';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './events.repository';

/** The errors, locks, audit and diffs that event and ticket-type changes share. */

export type Detail = { path: string; message: string };

export const notFound = () =>
  new AppError('not-found', 'No such event, ticket type or capacity pool in this organisation.');
export const invalid = (details: Detail[]) =>
  new AppError('argument-error', details[0]?.message ?? 'The request is invalid.', { details });
export const transition = (from: EventStatus, action: string) =>
  new AppError('invalid-status-transition', `A ${from} event cannot be ${action}.`, {
    details: { status: from },
  });

/** A capacity may not go below the tickets already sold or held. */
export function assertCapacityCovers(capacity: number | undefined, used: number): void {
  if (capacity !== undefined && capacity < used) {
    throw new AppError('capacity-below-sold', `The capacity cannot go below ${used} sold or held.`, {
      details: { path: 'body.capacity', minimum: used },
    });
  }
}

/** The guarded UPDATE found the counts grown past the new capacity in the meantime. */
export const capacityRaced = () =>
  new AppError('capacity-below-sold', 'The capacity cannot go below what is sold or held.');

const EDITABLE: readonly EventStatus[] = ['draft', 'published'];

export async function lockEditable(db: Queryable, organizationId: string, eventId: string) {
  const event = await repository.findEvent(db, organizationId, eventId, { lock: true });
  if (!event) throw notFound();
  if (!EDITABLE.includes(event.status)) throw transition(event.status, 'edited');
  return event;
}

export const auditEvent = (
  db: Queryable,
  organizationId: string,
  actor: string,
  eventId: string,
  action: string,
  before: unknown,
  after: unknown,
) =>
  recordAudit(db, {
    organizationId,
    actorStaffId: actor,
    action,
    targetType: 'event',
    targetId: eventId,
    before,
    after,
  });

const comparable = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** The fields whose value changes, as `before` and `after` for the audit log (dates as ISO strings). */
export function changes<T extends object>(
  current: T,
  next: Partial<T>,
  fields: readonly (keyof T & string)[],
  normalise: (value: unknown, field: string) => unknown = comparable,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of fields) {
    const was = normalise(current[field], field);
    const now = normalise(next[field], field);
    if (was !== now) {
      before[field] = was;
      after[field] = now;
    }
  }
  return { before, after };
}
