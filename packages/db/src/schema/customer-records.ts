import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { memberLists } from './customers';
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

export interface ImportRowError {
  row: number;
  field: string | null;
  reason: string;
}

/**
 * A CSV import of customers (or of a list's members), run on the server so a closed tab loses nothing; the
 * page polls its progress. Row errors keep the line and the reason, never the row's content, so an
 * erasure has nothing to look for here.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    listId: uuid('list_id').references(() => memberLists.id, { onDelete: 'set null' }),
    dryRun: boolean('dry_run').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    encoding: text('encoding'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    processedBytes: bigint('processed_bytes', { mode: 'number' }).notNull().default(0),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Renewed by the process running the import while it runs; once passed, that process is gone and the
     * leader's sweep marks the import failed (decision 035).
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '120 seconds'`),
    /** Why a failed import stopped: 'interrupted' (its process stopped) or 'error'. */
    failureReason: text('failure_reason', { enum: ['interrupted', 'error'] }),
  },
  (table) => [
    index('customer_imports_organization_idx').on(table.organizationId, table.id),
    // The sweep looks only at running imports.
    index('customer_imports_running_lease_idx').on(table.leaseUntil).where(sql`${table.status} = 'running'`),
    check(
      'customer_imports_failure_reason_valid',
      sql`${table.failureReason} is null or ${table.failureReason} in ('interrupted', 'error')`,
    ),
    check('customer_imports_status_valid', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
);
