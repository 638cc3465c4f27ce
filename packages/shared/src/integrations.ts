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

// Webhooks ------------------------------------------------------------------------------------------------

/** Every event type an endpoint may ask for. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.refunded',
  'ticket.checked_in',
  'customer.created',
  'customer.updated',
  'customer.erased',
  'event.published',
  'event.cancelled',
  'payout.reconciled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The types Guichet sends today. The others may be chosen already (an endpoint keeps them) and start
 * arriving once their source emits them (decision 034 lists what is missing).
 */
export const EMITTED_WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.refunded',
  'ticket.checked_in',
  'customer.updated',
  'event.published',
  'event.cancelled',
] as const satisfies readonly WebhookEventType[];

/** The type of a test send from the settings page. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const webhookUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((value) => !/\s/.test(value), 'must not contain spaces');

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

/** POST /api/integrations/webhooks */
export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  description: z.string().trim().max(200).default(''),
  eventTypes: eventTypesSchema,
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** PATCH /api/integrations/webhooks/:id: any subset; `enabled: true` turns a disabled endpoint back on. */
export const updateWebhookBodySchema = z
  .object({
    url: webhookUrlSchema,
    description: z.string().trim().max(200),
    eventTypes: eventTypesSchema,
    enabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointPageSchema = z.object({
  items: z.array(webhookEndpointSchema),
  nextCursor: z.string().nullable(),
});
export type WebhookEndpointPage = z.infer<typeof webhookEndpointPageSchema>;

/** The creation's and a rotation's answer: the signing secret, this once. */
export const webhookSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** What was sent: the JSON body (the signature headers are computed at each attempt). */
  request: z.unknown(),
  responseStatus: z.number().int().nullable(),
  /** The receiver's answer, its first 2 KB. */
  responseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  replayOf: z.uuid().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const listWebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(100).optional(),
});

export const webhookIdParamsSchema = z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({ deliveryId: z.uuid() });
