import { z } from 'zod';

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
