import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';
import { organizations } from './organizations';

/** Files kept by the storage layer (local disk or S3-compatible); the bytes live there, not here. */
export const files = pgTable(
  'files',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The object key in the storage backend. */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('files_organization_idx').on(table.organizationId, table.createdAt)],
);
