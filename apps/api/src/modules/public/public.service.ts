import { checkoutConsentWording } from '@guichet/shared/customer-values';
import { MEMBER_CODE_TTL_MINUTES, type MemberCodeRequested } from '@guichet/shared/member-gate';
import type { createPublicOrderBodySchema, PublicEvent, PublicOrder } from '@guichet/shared/orders';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { invoiceReference } from '../documents/documents.service';
import {
  type PublishedEventRead,
  readPublishedEvent,
  type TicketTypeRow,
} from '../orders/checkout.repository';
import { keyHashes, keyLock, storedAnswer, storeRefusal } from '../orders/idempotency';
import {
  checkMemberCode,
  enterMemberGate,
  gatedOnSale,
  type MemberPass,
  sendMemberCode,
} from '../orders/member-gate';
import { type PlacedOrder, placeOrder } from '../orders/order-placement';
import { publicOrderView } from '../orders/order-view';
import { findEventForOrders, findOrderByCode, orderTickets, organizer } from '../orders/orders.repository';
import { canTakeCards, unavailable } from '../payments/accounts.service';
import { checkoutLink, checkoutUrlFor } from '../payments/checkout.service';
import { readFile } from '../settings/settings.service';

/** Places left: the ticket type's own, and its pool's when that is smaller. */
function placesLeft(type: TicketTypeRow): number {
  const own = type.capacity - type.sold - type.held;
  const pooled = type.pool ? type.pool.capacity - type.pool.sold - type.pool.held : own;
  return Math.max(0, Math.min(own, pooled));
}

/** One answer for a missing organisation, a missing event and an unpublished one. */
const notFound = () => new AppError('not-found', 'No such event.');

async function findEvent(ctx: AppContext, orgSlug: string, eventSlug: string) {
  const found = await readPublishedEvent(ctx.db, orgSlug, eventSlug, undefined);
  if (!found) throw notFound();
  return found;
}

/** The public page of a published event: ticket types on sale now to anyone, with the places left. */
export async function getPublicEvent(
  ctx: AppContext,
  orgSlug: string,
  eventSlug: string,
  now = new Date(),
): Promise<PublicEvent> {
  const { event, organization, catalogue } = await findEvent(ctx, orgSlug, eventSlug);
  const cards = await canTakeCards(ctx, organization.id);
  const onSale = catalogue.types.filter(
    (type) =>
      (type.visibility === 'public' || type.visibility === 'members') &&
      (!type.salesStart || type.salesStart <= now) &&
      (type.salesEnd ?? event.endsAt) > now,
  );
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    locationType: event.locationType,
    venue:
      event.locationType === 'venue'
        ? {
            name: event.venueName,
            address: event.venueAddress,
            latitude: event.latitude === null ? null : Number(event.latitude),
            longitude: event.longitude === null ? null : Number(event.longitude),
          }
        : null,
    organization: { name: organization.name, slug: organization.slug },
    // The file id in the address: a new cover is a new address, so browsers may keep one for long.
    attendeeNamesRequired: event.attendeeNamesRequired,
    coverUrl: event.coverFileId
      ? `/public/events/${organization.slug}/${event.slug}/cover?v=${event.coverFileId}`
      : null,
    ticketTypes: onSale.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      priceMinor: type.priceMinor,
      currency: type.currency,
      available: placesLeft(type),
      minPerOrder: type.minPerOrder,
      maxPerOrder: type.maxPerOrder,
      salesEnd: type.salesEnd?.toISOString() ?? null,
      membersOnly: type.visibility === 'members',
    })),
    paymentMethods: cards ? ['offline', 'stripe'] : ['offline'],
    reservationMinutes: ctx.config.orders.reservationMinutes,
  };
}

/** The cover image of a published event: the only file of an organisation anyone may read. */
export async function getPublicCover(ctx: AppContext, orgSlug: string, eventSlug: string) {
  const { event, organization } = await findEvent(ctx, orgSlug, eventSlug);
  if (!event.coverFileId) throw notFound();
  return readFile(ctx, organization.id, event.coverFileId);
}

/** A buyer's order by its code (the return page after checkout); an unknown code is the same 404. */
export async function getPublicOrder(ctx: AppContext, code: string): Promise<PublicOrder> {
  const order = await findOrderByCode(ctx.db, code.toUpperCase());
  const event = order && (await findEventForOrders(ctx.db, order.organizationId, order.eventId));
  if (!order || !event) throw new AppError('not-found', 'No such order.');
  const [tickets, organization, checkoutUrl, invoice] = await Promise.all([
    orderTickets(ctx.db, order.organizationId, order.id),
    organizer(ctx.db, order.organizationId),
    checkoutUrlFor(ctx, order),
    order.paidAt ? invoiceReference(ctx.db, order.organizationId, order.id) : null,
  ]);
  const view = {
    ...publicOrderView(order, tickets, event, organization.offlinePaymentInstructions),
    // Only once issued: the order's first answer (built before it was placed) has none either.
    ...(invoice ? { invoiceReference: invoice } : {}),
  };
  // Only card orders have a payment page (the same shape as the order's first answer).
  return order.paymentMethod === 'stripe' ? { ...view, checkoutUrl } : view;
}

/**
 * A card order's Checkout page, made right after the order commits. Stripe being unreachable does not
 * undo the reservation: the answer has no address and the order page offers "continue to payment".
 */
async function withCheckout(ctx: AppContext, view: PublicOrder): Promise<PublicOrder> {
  if (view.paymentMethod !== 'stripe' || view.status !== 'reserved') return view;
  const order = await findOrderByCode(ctx.db, view.code);
  if (!order) return view;
  const link = await checkoutLink(ctx, order).catch(() => null);
  return { ...view, checkoutUrl: link?.url ?? null };
}

export interface Answer {
  status: number;
  body: PublicOrder | unknown;
}

/**
 * A buyer's order. With an Idempotency-Key, an answer stored for it is replayed; otherwise the key and the
 * answer are stored by the order's first statement (see idempotency.ts), and a refusal (4xx) is stored too
 * so a retry gets the same answer. A failure on our side stores nothing: a retry can still succeed.
 */
export async function createPublicOrder(
  ctx: AppContext,
  params: { orgSlug: string; eventSlug: string },
  body: z.output<typeof createPublicOrderBodySchema>,
  idempotencyKey: string | undefined,
): Promise<Answer> {
  const hashes = idempotencyKey ? keyHashes('public-order', idempotencyKey, { params, body }) : undefined;
  const read = await readPublishedEvent(ctx.db, params.orgSlug, params.eventSlug, hashes?.keyHash);
  if (!read) throw notFound();
  const { event, organization, catalogue } = read;
  const stored = hashes && (await storedAnswer(ctx.db, organization.id, hashes, read.prior));
  if (stored) {
    // A replayed card order carries its (current) Checkout address, which the stored answer could not.
    const body = stored.status === 201 ? await withCheckout(ctx, stored.body as PublicOrder) : stored.body;
    return { status: stored.status, body };
  }
  // Built once: stored as the key's answer before the transaction, then sent.
  let shown: PublicOrder | undefined;
  const view = (placed: PlacedOrder) =>
    (shown ??= publicOrderView(placed.order, placed.tickets, event, organization.offlinePaymentInstructions));
  try {
    if (body.paymentMethod === 'stripe' && !(await canTakeCards(ctx, organization.id))) throw unavailable();
    const pass = await memberPass(ctx, read, body);
    const placed = await placeOrder(
      ctx,
      {
        organizationId: organization.id,
        event,
        channel: 'online',
        buyer: body.buyer,
        lines: body.lines,
        paymentMethod: body.paymentMethod,
        actor: null,
        sendEmail: true,
        locale: body.locale,
        visitorId: body.visitorId,
        consentWording: body.marketingConsent
          ? checkoutConsentWording(body.locale, organization.name)
          : undefined,
        catalogue,
        memberTypes: pass && new Set(pass.ticketTypeIds),
        billing: body.billing,
        answer:
          hashes &&
          ((placed) => ({
            ...hashes,
            lock: keyLock(organization.id, hashes.keyHash),
            status: 201,
            body: view(placed),
          })),
      },
      pass && ((tx, placed) => enterMemberGate(tx, organization.id, placed.order.id, pass)),
    );
    ctx.kickOutbox();
    return { status: 201, body: await withCheckout(ctx, view(placed)) };
  } catch (error) {
    if (hashes && error instanceof AppError && error.status < 500 && error.code !== 'request-in-progress') {
      const answer = { error: { code: error.code, message: error.message, details: error.details } };
      await storeRefusal(ctx.db, organization.id, hashes, { status: error.status, body: answer });
    }
    throw error;
  }
}

/**
 * The checked code of an order of members-only types (./member-gate.ts); undefined for an order of none.
 * Only types on sale count: another members-only type is refused by the order's own checks, as unknown.
 */
async function memberPass(
  ctx: AppContext,
  read: PublishedEventRead,
  body: z.output<typeof createPublicOrderBodySchema>,
): Promise<MemberPass | undefined> {
  const gated = new Set(gatedOnSale(read, new Date()).map((type) => type.id));
  const ordered = body.lines.map((line) => line.ticketTypeId).filter((id) => gated.has(id));
  if (ordered.length === 0) return undefined;
  return checkMemberCode(
    ctx,
    read.organization.id,
    read.event.id,
    body.buyer.email,
    body.memberCode,
    ordered,
  );
}

/**
 * A buyer asks for the one-time code of the event's members-only tickets: mailed only when the address
 * may buy them today, and the same answer either way. An unknown or unpublished event is the usual 404.
 */
export async function requestMemberCode(
  ctx: AppContext,
  params: { orgSlug: string; eventSlug: string },
  body: { email: string; locale: 'en' | 'fr' },
): Promise<MemberCodeRequested> {
  const read = await readPublishedEvent(ctx.db, params.orgSlug, params.eventSlug, undefined);
  if (!read) throw notFound();
  await sendMemberCode(ctx, read, body.email, body.locale);
  return { expiresInMinutes: MEMBER_CODE_TTL_MINUTES };
}
