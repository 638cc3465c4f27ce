import { z } from 'zod';

/**
 * Members-only ticket types (decision 028): a buyer proves a listed address with a one-time code mailed
 * to it, then orders with that code.
 */

/** Digits of a one-time code: short enough to type from a phone's mail app. */
export const MEMBER_CODE_LENGTH = 6;
/** Minutes a code stays good. */
export const MEMBER_CODE_TTL_MINUTES = 15;
/** Wrong tries a code survives, counted for every code of the address still in play. */
export const MEMBER_CODE_MAX_ATTEMPTS = 5;

/** A code as typed: digits, spaces and dashes a buyer may copy with it are ignored. */
export const memberCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${MEMBER_CODE_LENGTH}}$`), 'six digits'));

/** POST /api/public/events/:orgSlug/:eventSlug/member-codes */
export const requestMemberCodeBodySchema = z.strictObject({
  email: z.email().max(254),
  locale: z.enum(['en', 'fr']).default('en'),
});
export type RequestMemberCodeBody = z.input<typeof requestMemberCodeBodySchema>;

/** The same answer whether or not the address is on a list: nothing is revealed. */
export const memberCodeRequestedSchema = z.object({ expiresInMinutes: z.number().int() });
export type MemberCodeRequested = z.infer<typeof memberCodeRequestedSchema>;
