import { z } from 'zod';
import { permissionSetSchema } from './teams';

/**
 * API tokens (decision 034): an organisation's credentials for its integrations. The secret starts with
 * `API_TOKEN_PREFIX`, so secret scanners and the server's guard can tell it from a staff member's
 * session token, and is shown once.
 */
export const API_TOKEN_PREFIX = 'gch_';

export const API_TOKEN_NAME_MAX = 100;

/** POST /api/integrations/tokens */
export const createApiTokenBodySchema = z.object({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
  permissions: permissionSetSchema,
  /** When the token stops working; absent or null: never. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** The secret's first characters, to recognise it (never the whole secret). */
  displayPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ staffId: z.uuid(), displayName: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The creation's answer: the token and, this once, its secret. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const listApiTokensQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.uuid().optional(),
});

export const apiTokenPageSchema = z.object({
  items: z.array(apiTokenSchema),
  nextCursor: z.string().nullable(),
});
export type ApiTokenPage = z.infer<typeof apiTokenPageSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.uuid() });
