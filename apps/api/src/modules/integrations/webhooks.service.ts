import {
  type createWebhookBodySchema,
  type updateWebhookBodySchema,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointPage,
  type WebhookSecret,
} from '@guichet/shared/integrations';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { checkWebhookUrl } from './webhook-address';
import { newMessageId } from './webhook-events';
import { newWebhookSecret } from './webhook-signing';
import * as repository from './webhooks.repository';

interface Actor {
  organizationId: string;
  staffId: string;
}

const notFound = () => new AppError('not-found', 'Webhook endpoint not found.');

type EndpointRow = NonNullable<Awaited<ReturnType<typeof repository.findEndpoint>>>;
type DeliveryRow = NonNullable<Awaited<ReturnType<typeof repository.findDelivery>>>;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    request: row.payload,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    lastError: row.lastError,
    durationMs: row.durationMs,
    replayOf: row.replayOf,
  };
}

const audit = (
  tx: Parameters<typeof recordAudit>[0],
  actor: Actor,
  action: string,
  endpointId: string,
  change: { before?: unknown; after?: unknown } = {},
) =>
  recordAudit(tx, {
    organizationId: actor.organizationId,
    actorStaffId: actor.staffId,
    action,
    targetType: 'webhook-endpoint',
    targetId: endpointId,
    ...change,
  });

export async function listEndpoints(
  ctx: AppContext,
  params: { organizationId: string; limit: number; cursor?: string },
): Promise<WebhookEndpointPage> {
  const rows = await repository.listEndpointRows(ctx.db, params);
  const page = rows.slice(0, params.limit);
  return {
    items: page.map(toEndpoint),
    nextCursor: rows.length > params.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Refuses a URL that reaches a private address, unless configuration allows them (tests, development). */
async function assertDeliverableUrl(ctx: AppContext, url: string): Promise<void> {
  if (ctx.config.webhooks.allowPrivate) return;
  const verdict = await checkWebhookUrl(url);
  if (!verdict.ok) throw new AppError('webhook-url-not-allowed', verdict.reason, { details: { url } });
}

export async function createEndpoint(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof createWebhookBodySchema>,
): Promise<WebhookSecret> {
  await assertDeliverableUrl(ctx, body.url);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertEndpoint(tx, {
      organizationId: actor.organizationId,
      url: body.url,
      description: body.description,
      eventTypes: body.eventTypes,
      secret,
    });
    await audit(tx, actor, 'webhook.created', created.id, {
      after: { url: body.url, eventTypes: body.eventTypes },
    });
    return created;
  });
  return { endpoint: toEndpoint(row), secret };
}

export async function updateEndpoint(
  ctx: AppContext,
  actor: Actor,
  endpointId: string,
  body: z.output<typeof updateWebhookBodySchema>,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined) await assertDeliverableUrl(ctx, body.url);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repository.findEndpoint(tx, actor.organizationId, endpointId);
    if (!before) throw notFound();
    const updated = await repository.updateEndpoint(tx, actor.organizationId, endpointId, {
      ...body,
      ...(body.enabled === true ? { disabledAt: null } : {}),
      ...(body.enabled === false ? { disabledAt: new Date() } : {}),
    });
    if (!updated) throw notFound();
    await audit(tx, actor, 'webhook.updated', endpointId, {
      before: { url: before.url, eventTypes: before.eventTypes, enabled: before.enabled },
      after: { url: updated.url, eventTypes: updated.eventTypes, enabled: updated.enabled },
    });
    return updated;
  });
  return toEndpoint(row);
}

export async function deleteEndpoint(ctx: AppContext, actor: Actor, endpointId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repository.findEndpoint(tx, actor.organizationId, endpointId);
    if (!before || !(await repository.deleteEndpoint(tx, actor.organizationId, endpointId))) throw notFound();
    await audit(tx, actor, 'webhook.deleted', endpointId, { before: { url: before.url } });
  });
}

/** A new signing secret, answered this once; the next attempt of every delivery is signed with it. */
export async function rotateSecret(
  ctx: AppContext,
  actor: Actor,
  endpointId: string,
): Promise<WebhookSecret> {
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.updateEndpoint(tx, actor.organizationId, endpointId, { secret });
    if (!updated) throw notFound();
    await audit(tx, actor, 'webhook.secret-rotated', endpointId);
    return updated;
  });
  return { endpoint: toEndpoint(row), secret };
}

/** Queues a `webhook.test` event for one endpoint, delivered like any other (signed, retried, logged). */
export async function testSend(ctx: AppContext, actor: Actor, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await repository.findEndpoint(ctx.db, actor.organizationId, endpointId);
  if (!endpoint) throw notFound();
  const row = await repository.insertDelivery(ctx.db, {
    organizationId: actor.organizationId,
    endpointId,
    messageId: newMessageId(),
    eventType: WEBHOOK_TEST_EVENT,
    payload: {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpointId, message: 'A test from Guichet.' },
    },
  });
  return toDelivery(row);
}

/** Sends a delivery again as a new delivery with the same `webhook-id` and body (receivers may drop it). */
export async function replayDelivery(
  ctx: AppContext,
  actor: Actor,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const original = await repository.findDelivery(ctx.db, actor.organizationId, deliveryId);
  if (!original) throw new AppError('not-found', 'Webhook delivery not found.');
  const row = await repository.insertDelivery(ctx.db, {
    organizationId: actor.organizationId,
    endpointId: original.endpointId,
    messageId: original.messageId,
    eventType: original.eventType,
    payload: original.payload,
    replayOf: original.id,
  });
  return toDelivery(row);
}

export async function listDeliveries(
  ctx: AppContext,
  params: { organizationId: string; endpointId: string; limit: number; cursor?: string },
): Promise<WebhookDeliveryPage> {
  const endpoint = await repository.findEndpoint(ctx.db, params.organizationId, params.endpointId);
  if (!endpoint) throw notFound();
  const rows = await repository.listDeliveryRows(ctx.db, { ...params, cursor: parseCursor(params.cursor) });
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDelivery),
    nextCursor: rows.length > params.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const match = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_([0-9a-f-]{36})$/i.exec(cursor);
  const at = match?.[1] ? new Date(match[1]) : null;
  if (!match?.[2] || !at || Number.isNaN(at.getTime())) {
    throw new AppError('argument-error', 'Invalid cursor.', { details: { 'query.cursor': 'invalid' } });
  }
  return { at, id: match[2] };
}
