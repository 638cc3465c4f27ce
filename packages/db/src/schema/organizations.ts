import { sql } from 'drizzle-orm';
import { boolean, char, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { staff } from './identity';

export const organizations = pgTable('organizations', {
  id: uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7()),
  /** The display name, shown across the app and to buyers. */
  name: text('name').notNull(),
  /** Public identifier in URLs (e.g. public event pages); unique across the service. */
  slug: text('slug').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Company settings (/settings/company).
  legalName: text('legal_name'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country'),
  vatNumber: text('vat_number'),
  contactEmail: text('contact_email'),
  defaultCurrency: char('default_currency', { length: 3 }).notNull().default('EUR'),
  timeZone: text('time_zone').notNull().default('Europe/Paris'),
  /** How buyers pay an offline order (bank details, "pay at the door"...); null: a generic sentence. */
  offlinePaymentInstructions: text('offline_payment_instructions'),
  logoFileId: uuid('logo_file_id'),
  /** When set, staff must have two-factor sign-in enabled to work in this organisation. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Membership of a staff member in an organisation, with the permissions held there. */
export const staffOrganizations = pgTable(
  'staff_organizations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.staffId] }),
    index('staff_organizations_staff_idx').on(table.staffId),
    check(
      'staff_organizations_permissions_valid',
      sql`cardinality(${table.permissions}) > 0 and ${table.permissions} <@ array['EVENT','MEMBER','FINANCE','DASHBOARD','SCAN','ALL']::text[]`,
    ),
  ],
);
