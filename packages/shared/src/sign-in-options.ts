import { z } from 'zod';
import { emailSchema, passwordInputSchema } from './auth';

/** Spec §9: the third-party sign-in window. */
export const SIGN_IN_POPUP = { width: 500, height: 600, closeGraceMs: 8_000 } as const;

/** What the page at the end of a third-party sign-in tells the sign-in page (popup message or fragment). */
export const OIDC_MESSAGE_TYPE = 'guichet:oidc';

export const providerSchema = z.object({ id: z.string(), name: z.string() });
export type SignInProvider = z.infer<typeof providerSchema>;
export const providersSchema = z.object({ items: z.array(providerSchema) });

export const oidcStartQuerySchema = z.object({
  mode: z.enum(['popup', 'redirect']).default('redirect'),
  next: z.string().max(2000).optional(),
});

export const oidcCallbackQuerySchema = z.looseObject({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** The outcome of a third-party sign-in as the sign-in page receives it. */
export interface OidcResult {
  type: typeof OIDC_MESSAGE_TYPE;
  /** `ok`: the refresh cookie is set, get an access token with `POST /auth/token`. */
  status: 'ok' | 'error';
  code?: string;
  challenge?: string;
}

export const emailLinkBodySchema = z.strictObject({ email: emailSchema });

export const emailLinkConfirmBodySchema = z.strictObject({
  token: z.string().trim().min(10).max(200),
  email: emailSchema,
});

export const totpCodeSchema = z
  .string()
  .trim()
  .min(6)
  .max(64)
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''));

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const twoFactorEnableBodySchema = z.strictObject({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorDisableBodySchema = z.strictObject({ password: passwordInputSchema });
export const twoFactorVerifyBodySchema = z.strictObject({
  challenge: z.string().trim().min(10).max(200),
  code: totpCodeSchema,
});
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The `details` of a 401 `multi-factor-auth-required`. */
export const mfaChallengeSchema = z.object({ challenge: z.string() });

export const sessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionSchema>;
// A page (paging.ts's shape), written out: the sign-in page's chunk loads this file and has no bytes to spare.
export const sessionsSchema = z.object({ items: z.array(sessionSchema), nextCursor: z.string().nullable() });

export const identitySchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  providerName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof identitySchema>;
export const identitiesSchema = z.object({ hasPassword: z.boolean(), items: z.array(identitySchema) });
export type LinkedIdentities = z.infer<typeof identitiesSchema>;

export const idParamSchema = z.object({ id: z.uuid() });
