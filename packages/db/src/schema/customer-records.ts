import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { customers } from './orders';
import { organizations } from './organizations';

/** What a merge moved from the merged record to the kept one, so that an unmerge can put it back. */
export interface MergeMoved {
  /** Notes re-attached to the kept record. */
  noteIds: string[];
  /** List memberships moved as they were (the kept record was not on these lists). */
  memberships: {
    listId: string;
    validFrom: string | null;
    validUntil: string | null;
    maxTickets: number | null;
    addedBy: string | null;
    addedAt: string;
  }[];
  /** Tags the kept record did not have and received from the merged one. */
  tagsAdded: string[];
}

/**
 * Two records of one person joined: the merged record keeps its row (with `merged_into` set, so its old id
 * resolves to the kept one) and this row remembers what moved. An unmerge sets `unmerged_at` and moves it
 * back. At most one merge of a record is in force at a time, held by the partial unique index.
 */
export const customerMerges = pgTable(
  'customer_merges',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    keptId: uuid('kept_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mergedId: uuid('merged_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    moved: jsonb('moved').$type<MergeMoved>().notNull(),
    mergedBy: uuid('merged_by').references(() => staff.id, { onDelete: 'set null' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    unmergedBy: uuid('unmerged_by').references(() => staff.id, { onDelete: 'set null' }),
    unmergedAt: timestamp('unmerged_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('customer_merges_in_force_idx')
      .on(table.organizationId, table.mergedId)
      .where(sql`${table.unmergedAt} is null`),
    index('customer_merges_kept_idx').on(table.organizationId, table.keptId),
  ],
);
