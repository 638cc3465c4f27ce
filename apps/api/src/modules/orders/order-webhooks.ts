import type { RawStatement } from '@guichet/db/raw';
import type { OrderRow } from './orders.repository';

/**
 * The webhook rows of a buyer's order, for the order's first statement (checkout.repository.ts) and for
 * the transaction of an order whose statement was written without them (decision 017).
 */

// The order's webhook events (decision 034): `order.created`, and `order.paid` when it is paid at once, one
// row per enabled endpoint that asked for the type. Parameters are named by the caller (`$n`), as the order's
// statement and the one written alone (`orderHooksStatement`) number them differently. Ends in a WHERE the
// caller may extend.
export interface OrderHookParams {
  id: string;
  organizationId: string;
  eventId: string;
  code: string;
  status: string;
  channel: string;
  paymentMethod: string;
  buyerName: string;
  buyerEmail: string;
  totalMinor: string;
  currency: string;
  at: string;
}
export const orderHooksSql = (
  p: OrderHookParams,
) => `insert into webhook_deliveries (organization_id, endpoint_id,
    message_id, event_type, payload)
  select ${p.organizationId}, endpoint.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), kind.type,
    jsonb_build_object('type', kind.type, 'timestamp', ${p.at}::timestamptz, 'data', jsonb_build_object(
      'id', ${p.id}::uuid, 'code', ${p.code}::text, 'eventId', ${p.eventId}::uuid, 'status', ${p.status}::text,
      'channel', ${p.channel}::text, 'paymentMethod', ${p.paymentMethod}::text, 'totalMinor', ${p.totalMinor}::bigint,
      'currency', ${p.currency}::text, 'buyer', jsonb_build_object('name', ${p.buyerName}::text, 'email', ${p.buyerEmail}::text)))
  from webhook_endpoints endpoint
  cross join unnest(case when ${p.status}::text = 'paid' then array['order.created', 'order.paid']
    else array['order.created'] end) as kind(type)
  where endpoint.organization_id = ${p.organizationId} and endpoint.enabled and kind.type = any(endpoint.event_types)`;
export const ORDER_HOOK_PARAMS: OrderHookParams = {
  id: '$1',
  organizationId: '$2',
  eventId: '$3',
  code: '$4',
  status: '$5',
  channel: '$6',
  paymentMethod: '$7',
  buyerName: '$8',
  buyerEmail: '$9',
  totalMinor: '$11',
  currency: '$12',
  at: '$14',
};

/**
 * Whether the organisation has an enabled webhook endpoint, as the order's statement sees it. A statement
 * written without the webhook CTEs (the buyer's read found no endpoint) answers it: an index probe, where
 * the CTEs open `webhook_deliveries` and its indexes for writing at every execution, rows or not. When it
 * answers true (an endpoint enabled since the read), the order's events are written by
 * `orderHooksStatement` in the same transaction, and its last statement is written with its CTE.
 */
export const HOOKED_SQL = 'exists (select 1 from webhook_endpoints where organization_id = $2 and enabled)';

/** The order's webhook events written alone, in its transaction (see `HOOKED_SQL`). */
export function orderHooksStatement(order: OrderRow): RawStatement {
  const names = Object.keys(ORDER_HOOK_PARAMS) as (keyof OrderHookParams)[];
  const params = Object.fromEntries(
    names.map((name, index) => [name, `$${index + 1}`]),
  ) as unknown as OrderHookParams;
  const values: Record<keyof OrderHookParams, unknown> = {
    id: order.id,
    organizationId: order.organizationId,
    eventId: order.eventId,
    code: order.code,
    status: order.status,
    channel: order.channel,
    paymentMethod: order.paymentMethod,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    totalMinor: order.totalMinor,
    currency: order.currency,
    at: order.createdAt,
  };
  return {
    name: 'insert_order_hooks',
    text: orderHooksSql(params),
    values: names.map((name) => values[name]),
  };
}
