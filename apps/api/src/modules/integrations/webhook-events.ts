import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import type { WebhookEventType } from '@guichet/shared/integrations';
import { sql } from 'drizzle-orm';

/**
 * Emitting a webhook event (decision 034): one row per enabled endpoint of the organisation that asked for
 * the type, written by ONE statement inside the caller's transaction, so the event commits with the change
 * or not at all, and a crash after the commit loses nothing (the webhook worker delivers it after restart).
 * An organisation without endpoints pays one indexed read.
 */
export async function emitWebhookEvent(
  tx: Queryable,
  event: { organizationId: string; type: WebhookEventType; data: Record<string, unknown>; at?: Date },
): Promise<void> {
  const payload = {
    type: event.type,
    timestamp: (event.at ?? new Date()).toISOString(),
    data: event.data,
  };
  await tx.execute(sql`insert into webhook_deliveries (organization_id, endpoint_id, message_id, event_type, payload)
    select ${event.organizationId}, endpoint.id, ${newMessageId()}, ${event.type}, ${JSON.stringify(payload)}::jsonb
    from webhook_endpoints endpoint
    where endpoint.organization_id = ${event.organizationId} and endpoint.enabled
      and ${event.type} = any(endpoint.event_types)`);
}

/**
 * Emits many events of one type at once (an import's batch of new customers): still ONE statement in the
 * caller's transaction, each event with its own `webhook-id`, one row per event and subscribed endpoint.
 */
export async function emitWebhookEvents(
  tx: Queryable,
  events: { organizationId: string; type: WebhookEventType; data: readonly Record<string, unknown>[] },
): Promise<void> {
  if (events.data.length === 0) return;
  const timestamp = new Date().toISOString();
  const rows = events.data.map((data) => ({
    message_id: newMessageId(),
    payload: { type: events.type, timestamp, data },
  }));
  await tx.execute(sql`insert into webhook_deliveries (organization_id, endpoint_id, message_id, event_type, payload)
    select ${events.organizationId}, endpoint.id, event.message_id, ${events.type}, event.payload
    from webhook_endpoints endpoint
    cross join jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as event(message_id text, payload jsonb)
    where endpoint.organization_id = ${events.organizationId} and endpoint.enabled
      and ${events.type} = any(endpoint.event_types)`);
}

/** What `customer.created` carries: the record's id, whom it is for, and what made it. */
export function customerCreatedData(customer: {
  id: string;
  email: string;
  name: string;
  source: 'order' | 'import' | 'staff';
}): Record<string, unknown> {
  return { id: customer.id, email: customer.email, name: customer.name, source: customer.source };
}

/** A `webhook-id`: `msg_` and a time-ordered id, one per event (the same for every endpoint and attempt). */
export function newMessageId(): string {
  return `msg_${uuidv7().replaceAll('-', '')}`;
}

/** What order events carry: enough to find the order again through the API, and its money. */
export function orderEventData(order: {
  id: string;
  code: string;
  eventId: string;
  status: string;
  channel: string;
  paymentMethod: string | null;
  totalMinor: number | bigint;
  currency: string;
  buyerName: string | null;
  buyerEmail: string | null;
}): Record<string, unknown> {
  return {
    id: order.id,
    code: order.code,
    eventId: order.eventId,
    status: order.status,
    channel: order.channel,
    paymentMethod: order.paymentMethod,
    totalMinor: Number(order.totalMinor),
    currency: order.currency,
    buyer: { name: order.buyerName, email: order.buyerEmail },
  };
}
