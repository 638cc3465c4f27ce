import { z } from 'zod';
import { pageOf } from './paging';

/**
 * A customer's record as a whole (ALL or MEMBER):
 *   GET    /api/customers/:id/merges             → customerMergeSchema[] (this record's merges, newest first)
 *   POST   /api/customers/:id/merges             mergeCustomerBodySchema → customerMergeSchema (audited)
 *   DELETE /api/customers/:id/merges/:mergedId   → 204 (unmerge: what moved goes back; audited)
 *   GET    /api/customers/:id/export             → application/json, everything held about the person
 *   POST   /api/customers/:id/erase              eraseCustomerBodySchema → 204 (audited without the data)
 */

const instant = z.iso.datetime({ offset: true });

export const mergeCustomerBodySchema = z.object({
  /** The other record of the same person: folded into this one, its old id then resolves to this one. */
  mergedId: z.uuid(),
});
export type MergeCustomerBody = z.infer<typeof mergeCustomerBodySchema>;

export const customerMergeSchema = z.object({
  id: z.uuid(),
  keptId: z.uuid(),
  mergedId: z.uuid(),
  mergedName: z.string(),
  mergedEmail: z.string(),
  /** What moved: notes, list memberships, tags (put back by an unmerge). */
  moved: z.object({ notes: z.number().int(), memberships: z.number().int(), tags: z.array(z.string()) }),
  mergedAt: instant,
  actorName: z.string().nullable(),
  /** Set once undone. */
  unmergedAt: instant.nullable(),
});
export type CustomerMerge = z.infer<typeof customerMergeSchema>;

export const eraseCustomerBodySchema = z.object({
  /** The person's e-mail typed again, as the confirmation (compared without case or surrounding spaces). */
  confirmEmail: z.string().trim().min(1).max(320),
});
export type EraseCustomerBody = z.infer<typeof eraseCustomerBodySchema>;

/** The placeholder that replaces erased text wherever it stood. */
export const ERASED = '[erased]';

/** The address an erased person's orders keep: unique, undeliverable (`.invalid`), and naming no one. */
export const erasedAddress = (customerId: string) => `erased-${customerId}@erased.invalid`;

/**
 * Importing customers (or a list's members) from a CSV file, as a job on the server:
 *   POST /api/customer-imports?…importQuerySchema   body: the file (text/csv) → 202 customerImportSchema
 *   GET  /api/customer-imports/:id                  → customerImportSchema (the page polls it)
 * Columns are chosen by their position in the file (0 = first); only `email` is required.
 */
const column = z.coerce.number().int().min(0).max(200);
export const IMPORT_FIELDS = ['email', 'name', 'phone', 'language', 'tags', 'consent'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const importQuerySchema = z
  .object({
    email: column,
    name: column.optional(),
    phone: column.optional(),
    language: column.optional(),
    tags: column.optional(),
    /** A yes/no column: consent is imported only with `consentSource`, the stated place it was given. */
    consent: column.optional(),
    consentSource: z.string().trim().min(3).max(500).optional(),
    /** Whether the first row names the columns (then it is not imported). */
    header: z.enum(['true', 'false']).default('true'),
    /** Check every row and report, writing nothing. */
    dryRun: z.enum(['true', 'false']).default('false'),
    /** Also put every imported person on this member list. */
    listId: z.uuid().optional(),
  })
  .refine((query) => query.consent === undefined || query.consentSource !== undefined, {
    path: ['consentSource'],
    message: 'Consent is imported only with the place it was given',
  });
export type ImportQuery = z.output<typeof importQuerySchema>;

export const IMPORT_ROW_REASONS = [
  'missing-columns',
  'missing-email',
  'invalid-email',
  'duplicate',
  'formula',
  'too-long',
  'invalid-language',
  'invalid-consent',
] as const;
export type ImportRowReason = (typeof IMPORT_ROW_REASONS)[number];

export const customerImportSchema = z.object({
  id: z.uuid(),
  status: z.enum(['running', 'done', 'failed']),
  dryRun: z.boolean(),
  listId: z.uuid().nullable(),
  encoding: z.string().nullable(),
  sizeBytes: z.number().int(),
  processedBytes: z.number().int(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  /** The first rejected rows (by their line in the file, 1 = first), with why; never their content. */
  errors: z.array(
    z.object({ row: z.number().int(), field: z.string().nullable(), reason: z.enum(IMPORT_ROW_REASONS) }),
  ),
  createdAt: instant,
  finishedAt: instant.nullable(),
  /** Why a failed import stopped: its process stopped mid-way, or an error; null otherwise. */
  failureReason: z.enum(['interrupted', 'error']).nullable(),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

export const customerMergePageSchema = pageOf(customerMergeSchema);
