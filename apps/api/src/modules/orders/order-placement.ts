import { randomBytes } from 'node:crypto';
import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { rawRows, transactionEndingWith } from '@guichet/db/raw';
import type { events } from '@guichet/db/schema/events';
import type { Locale } from '@guichet/shared/i18n';
import { MAX_TICKETS_PER_ORDER, type OrderLineInput, type PaymentMethod } from '@guichet/shared/orders';
import { newTicketCode } from '@guichet/shared/ticket-code';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { figuresTopic } from '../../live/live-bus';
import { countOrder } from '../../observability/process-metrics';
import { currentApiTokenId } from '../../plugins/request-actor';
import { takeCapacity } from './capacity.repository';
import {
  type NewOrderRow,
  newOrderStatement,
  orderCatalogue,
  type StoredAnswer,
  type TicketTypeRow,
} from './checkout.repository';
import { inProgress } from './idempotency';
import { orderMail } from './order-notify';
import { orderHooksStatement } from './order-webhooks';
import type * as repository from './orders.repository';
import { signingKey, signTicket } from './ticket-secrets';

type EventRow = typeof events.$inferSelect;
type Detail = { path: string; message: string };

/** Crockford's base32 without I, L, O, U: easy to read aloud and to type from a printed ticket. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

/** A public order code: 16 base32 characters from the CSPRNG (80 bits), never derived from the id. */
export function newOrderCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  for (const byte of bytes) code += CODE_ALPHABET[byte % 32];
  return code;
}

export interface PlaceOrderInput {
  organizationId: string;
  event: EventRow;
  channel: 'online' | 'box_office';
  buyer: { name: string; email: string };
  lines: OrderLineInput[];
  /** `stripe` makes a reservation (seats held until paid or expired); the others complete at once. */
  paymentMethod: PaymentMethod;
  /** Box office only: tickets given away (price 0). */
  comp?: boolean;
  actor: string | null;
  note?: string | undefined;
  sendEmail: boolean;
  locale: Locale;
  now?: Date;
  /**
   * The event's catalogue when the caller read it already (a buyer's checkout reads it with the event);
   * `hooked`: whether the organisation had an enabled webhook endpoint then (unknown counts as true).
   */
  catalogue?: { types: TicketTypeRow[]; organizer: repository.Organizer; hooked?: boolean };
  /** The Idempotency-Key's answer to store with the order, in the order's first statement. */
  answer?: (placed: PlacedOrder) => StoredAnswer;
  /** A buyer's first-party visitor id: the order's attribution rides on its first statement. */
  visitorId?: string | undefined;
  /** Members-only types a buyer's checked code admits (./member-gate.ts); the caller enters the gate. */
  memberTypes?: ReadonlySet<string>;
  /** The marketing box's words when the buyer ticked it: the consent rides on the last statement. */
  consentWording?: string | undefined;
  /** The company a buyer asked at checkout to be invoiced: stored with the order (its first statement). */
  billing?: { name: string; address?: string | undefined; vatNumber?: string | undefined } | undefined;
}

export interface PlacedOrder {
  order: repository.OrderRow;
  tickets: { ticket: repository.TicketRow; ticketTypeName: string }[];
}

const invalid = (details: Detail[]) =>
  new AppError('argument-error', details[0]?.message ?? 'The order is invalid.', { details });

/**
 * Checks the lines against the event's ticket types: each known and on sale through this channel, once,
 * with a quantity within the per-order bounds, at most one name per ticket (exactly one online when the
 * event asks for attendees' names). Buyers only see public types, and members-only ones their code admits,
 * inside their sales window; hidden ones answer exactly like unknown ones, so nothing is revealed. Staff at the box office may sell any type of the event, at any time, any quantity.
 */
function checkLines(input: PlaceOrderInput, types: Map<string, TicketTypeRow>, now: Date): Detail[] {
  const details: Detail[] = [];
  const seen = new Set<string>();
  const online = input.channel === 'online';
  let total = 0;
  input.lines.forEach((line, index) => {
    const path = `body.lines.${index}`;
    const type = types.get(line.ticketTypeId);
    total += line.quantity;
    if (seen.has(line.ticketTypeId)) {
      details.push({ path: `${path}.ticketTypeId`, message: 'Each ticket type can appear once.' });
      return;
    }
    seen.add(line.ticketTypeId);
    const admitted = type?.visibility === 'members' && input.memberTypes?.has(type.id) === true;
    if (!type || (online && type.visibility !== 'public' && !admitted)) {
      details.push({ path: `${path}.ticketTypeId`, message: 'No such ticket type on sale for this event.' });
      return;
    }
    if (online) {
      const end = type.salesEnd ?? input.event.endsAt;
      if (type.salesStart && type.salesStart > now)
        details.push({
          path: `${path}.ticketTypeId`,
          message: 'Sales of this ticket type have not started.',
        });
      else if (end <= now)
        details.push({ path: `${path}.ticketTypeId`, message: 'Sales of this ticket type have ended.' });
      if (line.quantity < type.minPerOrder)
        details.push({ path: `${path}.quantity`, message: `At least ${type.minPerOrder} per order.` });
      if (line.quantity > type.maxPerOrder)
        details.push({ path: `${path}.quantity`, message: `At most ${type.maxPerOrder} per order.` });
    }
    if ((line.attendeeNames?.length ?? 0) > line.quantity)
      details.push({ path: `${path}.attendeeNames`, message: 'More names than tickets.' });
    // The organiser asks for every attendee's name: buyers give one per ticket (staff may add them later).
    else if (online && input.event.attendeeNamesRequired && (line.attendeeNames?.length ?? 0) < line.quantity)
      details.push({ path: `${path}.attendeeNames`, message: 'Give the name of each ticket’s attendee.' });
  });
  if (total > MAX_TICKETS_PER_ORDER)
    details.push({ path: 'body.lines', message: `At most ${MAX_TICKETS_PER_ORDER} tickets per order.` });
  return details;
}

/** The status an order starts in, from how it is paid and what it costs. */
function initialState(input: PlaceOrderInput, totalMinor: number) {
  if (input.channel === 'box_office') return { status: 'paid' as const, method: 'box_office' as const };
  if (totalMinor === 0) return { status: 'paid' as const, method: 'free' as const };
  switch (input.paymentMethod) {
    case 'offline':
      return { status: 'pending_payment' as const, method: 'offline' as const };
    case 'stripe':
      return { status: 'reserved' as const, method: 'stripe' as const };
    default:
      throw invalid([{ path: 'body.paymentMethod', message: 'This order is not free: choose how to pay.' }]);
  }
}

/**
 * The ticket types whose places, as read a moment ago, are already too few for the lines (with a pool
 * short, every line of that pool). Places only come back through a cancellation, an expiry or a larger
 * capacity, so during a rush such an order is refused without opening a transaction; an order that looks
 * possible is decided by the guarded UPDATEs alone.
 */
function shortBeforehand(lines: OrderLineInput[], types: Map<string, TicketTypeRow>): string[] {
  const short = new Set<string>();
  const perPool = new Map<string, { left: number; wanted: number; typeIds: string[] }>();
  for (const line of lines) {
    const type = types.get(line.ticketTypeId) as TicketTypeRow;
    if (type.capacity - type.sold - type.held < line.quantity) short.add(type.id);
    if (type.poolId && type.pool) {
      const pool = perPool.get(type.poolId) ?? {
        left: type.pool.capacity - type.pool.sold - type.pool.held,
        wanted: 0,
        typeIds: [],
      };
      pool.wanted += line.quantity;
      pool.typeIds.push(type.id);
      perPool.set(type.poolId, pool);
    }
  }
  for (const pool of perPool.values()) {
    if (pool.left < pool.wanted) for (const id of pool.typeIds) short.add(id);
  }
  return lines.map((line) => line.ticketTypeId).filter((id) => short.has(id));
}

const soldOut = (shortOf: string[]) =>
  // Which ticket types ran short, so the page can say so without guessing.
  new AppError('sold-out', 'There are not enough places left for this order.', {
    details: shortOf.map((ticketTypeId) => ({ ticketTypeId })),
  });

/**
 * Stops an order whose key is in flight elsewhere, or was answered meanwhile (409: the client's retry gets
 * the answer), and one whose tickets did not all get written.
 */
function checkNewOrder(rows: unknown[], ticketCount: number): NewOrderRow {
  const [row] = rows as NewOrderRow[];
  if (row?.locked === false || row?.keyed === false) throw inProgress();
  if (row?.tickets !== ticketCount) throw new Error('the order was written without all its tickets');
  return row;
}

/**
 * Places an order: checks it, builds every row (order, signed tickets, e-mail, audit entry, the
 * idempotency answer) before the transaction, then in ONE transaction writes them, runs `inTransaction`, and
 * takes the places last (guarded UPDATEs on pools and ticket types, in id order, with the customer's
 * counts in the same statement as the last one). The rows of a ticket type every buyer of a rush wants
 * are then locked for one round trip and the commit, not for the whole order. A failure anywhere, places
 * short included, rolls all of it back; `inTransaction` must therefore not act outside the database.
 */
export async function placeOrder(
  ctx: AppContext,
  input: PlaceOrderInput,
  inTransaction?: (tx: Queryable, placed: PlacedOrder) => Promise<void>,
): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  const read: NonNullable<PlaceOrderInput['catalogue']> =
    input.catalogue ?? (await orderCatalogue(ctx.db, input.organizationId, input.event.id));
  const types = new Map(read.types.map((type) => [type.id, type]));
  const details = checkLines(input, types, now);
  if (details.length > 0) throw invalid(details);

  const priced = input.lines.map((line) => {
    const type = types.get(line.ticketTypeId) as TicketTypeRow;
    return { line, type, unit: input.comp ? 0 : type.priceMinor };
  });
  const ticketCount = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const totalMinor = priced.reduce((sum, { line, unit }) => sum + unit * line.quantity, 0);
  const currency = priced[0]?.type.currency ?? 'EUR';
  const { status, method } = initialState(input, totalMinor);
  const short = shortBeforehand(input.lines, types);
  if (short.length > 0) throw soldOut(short);
  // Outside the transaction: creating the key takes a lock that must not wait behind capacity rows.
  const key = await signingKey(ctx.db, ctx.config.jwtSecret, input.organizationId);

  const order: repository.OrderRow = {
    id: uuidv7(now.getTime()),
    organizationId: input.organizationId,
    eventId: input.event.id,
    code: newOrderCode(),
    status,
    channel: input.channel,
    paymentMethod: method,
    buyerName: input.buyer.name,
    buyerEmail: input.buyer.email,
    locale: input.locale,
    totalMinor,
    currency,
    reservedUntil:
      status === 'reserved' ? new Date(now.getTime() + ctx.config.orders.reservationMinutes * 60_000) : null,
    // One instant for all: an order paid at once is not paid before it was placed.
    createdAt: now,
    updatedAt: now,
    paidAt: status === 'paid' ? now : null,
    ticketCount,
    // Copied later by the leader's job (decision 041).
    buyerSince: null,
    buyerCustomerId: null,
    // Counted later by the leader's job (decision 041, second pass).
    paidTallied: false,
    cancelledAt: null,
    refundedMinor: 0,
    expiredAt: null,
    createdBy: input.actor,
    note: input.note ?? null,
    billing: input.billing
      ? {
          name: input.billing.name,
          ...(input.billing.address ? { address: input.billing.address } : {}),
          ...(input.billing.vatNumber ? { vatNumber: input.billing.vatNumber } : {}),
        }
      : null,
  };
  // UUIDv7s made in one millisecond are not ordered among themselves: sorting them makes the tickets
  // list in the order of the lines and names given (tickets are read back in id order).
  const ids = Array.from({ length: ticketCount }, () => uuidv7(now.getTime())).sort();
  let next = 0;
  const tickets = priced.flatMap(({ line, type, unit }) =>
    Array.from({ length: line.quantity }, (_, i) => {
      const id = ids[next++] as string;
      const ticket: repository.TicketRow = {
        id,
        organizationId: input.organizationId,
        orderId: order.id,
        eventId: input.event.id,
        ticketTypeId: type.id,
        attendeeName: line.attendeeNames?.[i] ?? null,
        priceMinor: unit,
        currency,
        status: 'valid',
        secret: signTicket(key.privateKey, id, input.event.id),
        shortCode: newTicketCode(),
        createdAt: now,
        updatedAt: now,
      };
      return { ticket, ticketTypeName: type.name };
    }),
  );
  const placed: PlacedOrder = { order, tickets };
  const mail =
    input.sendEmail && status !== 'reserved'
      ? orderMail(ctx, order, input.event, read.organizer, ticketCount)
      : null;
  // A reservation counts for its customer once paid; money counts once received (an offline order adds
  // its total when marked paid).
  const customer =
    status === 'paid' || status === 'pending_payment'
      ? {
          email: input.buyer.email,
          name: input.buyer.name,
          totalMinor: status === 'paid' ? totalMinor : 0,
          currency,
        }
      : undefined;

  const first = newOrderStatement({
    order,
    tickets: tickets.map(({ ticket }) => ticket),
    mail,
    audit: {
      actorStaffId: input.actor,
      actorTokenId: currentApiTokenId(),
      action: 'order.placed',
      after: { status, channel: input.channel, paymentMethod: method, totalMinor, currency },
    },
    answer: input.answer?.(placed),
    visitorId: input.channel === 'online' ? input.visitorId : undefined,
    // Most organisations have no webhook endpoint: their orders' statements are written without the
    // webhook CTEs, and say whether one was enabled meanwhile.
    hooked: read.hooked,
  });
  // The order's rows go first (with the BEGIN, in one round trip): they lock nothing other buyers need.
  const result = await transactionEndingWith(ctx.db, first, async (tx, written, finish) => {
    const row = checkNewOrder(written, ticketCount);
    // An endpoint enabled since the read: the order's events are written now, in its transaction, and its
    // last statement writes `customer.created` too. The order's endpoints are those its first statement saw.
    const hooked = row.hooked ?? true;
    if (row.hooked === true) await rawRows(tx, orderHooksStatement(order));
    if (inTransaction) await inTransaction(tx, placed);
    // Last: from here until the commit, other buyers of these ticket types wait. The last UPDATE carries
    // the COMMIT with it (`finish`), so that wait does not include a round trip through this process.
    const capacity = await takeCapacity(
      tx,
      input.organizationId,
      input.lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity })),
      status === 'reserved' ? 'held' : 'sold',
      {
        pools: new Map(priced.map(({ type }) => [type.id, type.poolId])),
        customer,
        finish,
        hooked,
        consent:
          input.channel === 'online' && input.consentWording !== undefined
            ? {
                orderId: order.id,
                wording: input.consentWording,
                email: order.buyerEmail,
                name: order.buyerName,
                currency: order.currency,
              }
            : undefined,
      },
    );
    if (!capacity.taken) throw soldOut(capacity.shortOf);
    return placed;
  });
  countOrder(input.channel, status);
  ctx.live.publish(figuresTopic(input.organizationId));
  return result;
}
