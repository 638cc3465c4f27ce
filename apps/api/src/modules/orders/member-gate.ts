import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import type { Locale } from '@guichet/shared/i18n';
import {
  MEMBER_CODE_LENGTH,
  MEMBER_CODE_MAX_ATTEMPTS,
  MEMBER_CODE_TTL_MINUTES,
} from '@guichet/shared/member-gate';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/mail.repository';
import type { PublishedEventRead, TicketTypeRow } from './checkout.repository';
import * as repository from './member-gate.repository';
import { memberCodeMail } from './member-gate-mail';

/**
 * Members-only ticket types at the checkout (decision 028). A buyer asks for a code for their address;
 * if the address is a valid member today of a list of one of the event's gated types on sale, a one-time
 * code goes to it through the outbox (the answer is the same either way). The order then carries the
 * code: it is checked before the order's transaction (wrong tries counted and committed there), then
 * used, the membership checked again and the per-member count held inside the transaction, before the
 * places are taken. Orders of ungated types never come here.
 */

/** The code's HMAC under the server secret, bound to the code's row. */
function codeHash(secret: Uint8Array, codeId: string, code: string): string {
  return createHmac('sha256', secret).update(`member-code\n${codeId}\n${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A uniformly drawn code of `MEMBER_CODE_LENGTH` digits. */
function newCode(): string {
  return randomInt(0, 10 ** MEMBER_CODE_LENGTH)
    .toString()
    .padStart(MEMBER_CODE_LENGTH, '0');
}

/** The event's members-only types a buyer may order now (on sale, inside their sales window). */
export function gatedOnSale(read: PublishedEventRead, now: Date): TicketTypeRow[] {
  return read.catalogue.types.filter(
    (type) =>
      type.visibility === 'members' &&
      (!type.salesStart || type.salesStart <= now) &&
      (type.salesEnd ?? read.event.endsAt) > now,
  );
}

/**
 * Mails a one-time code to `email` if it may buy one of the event's gated types today; does nothing
 * otherwise. The caller answers the same either way.
 */
export async function sendMemberCode(
  ctx: AppContext,
  read: PublishedEventRead,
  email: string,
  locale: Locale,
  now = new Date(),
): Promise<void> {
  const gated = gatedOnSale(read, now).map((type) => type.id);
  const address = email.toLowerCase();
  const admitted = await repository.admissions(ctx.db, read.organization.id, gated, address, false);
  if (admitted.length === 0) return;
  const id = uuidv7(now.getTime());
  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await repository.insertCode(tx, {
      id,
      organizationId: read.organization.id,
      eventId: read.event.id,
      email: address,
      ticketTypeIds: admitted.map((row) => row.ticketTypeId).sort(),
      codeHash: codeHash(ctx.config.jwtSecret, id, code),
      expiresAt: new Date(now.getTime() + MEMBER_CODE_TTL_MINUTES * 60_000),
    });
    await enqueueMail(
      tx,
      memberCodeMail({
        locale,
        to: email,
        code,
        eventName: read.event.name,
        organizerName: read.organization.name,
        ttlMinutes: MEMBER_CODE_TTL_MINUTES,
      }),
    );
  });
  ctx.kickOutbox();
}

/** A code checked for an address and the gated types of an order, to use in the order's transaction. */
export interface MemberPass {
  codeId: string;
  email: string;
  ticketTypeIds: string[];
}

/**
 * Checks the code an order carries for its gated types, before the order's transaction. Compared with the
 * address's recent codes for the event that still have tries left: no match is one wrong try for each of
 * them (committed at once) and `member-code-invalid`, whatever the reason (no code sent, another
 * address's code, a typo), so nothing says whether the address is listed. A match that expired or was
 * used says so: only the address's owner knows that code.
 */
export async function checkMemberCode(
  ctx: AppContext,
  organizationId: string,
  eventId: string,
  email: string,
  code: string | undefined,
  gatedTypeIds: string[],
): Promise<MemberPass> {
  if (!code)
    throw new AppError('member-code-required', 'Members-only tickets need the code mailed to your address.', {
      details: gatedTypeIds.map((ticketTypeId) => ({ ticketTypeId })),
    });
  const codes = await repository.recentCodes(ctx.db, organizationId, eventId, email);
  const live = codes.filter((row) => row.attempts < MEMBER_CODE_MAX_ATTEMPTS);
  const match = live.find((row) => sameHash(codeHash(ctx.config.jwtSecret, row.id, code), row.codeHash));
  if (!match) {
    await repository.countWrongTry(
      ctx.db,
      organizationId,
      live.map((row) => row.id),
    );
    throw new AppError('member-code-invalid', 'This code is not valid for this address.');
  }
  if (match.used) throw new AppError('member-code-used', 'This code has already been used for an order.');
  if (match.expired) throw new AppError('member-code-expired', 'This code has expired: ask for a new one.');
  const covered = new Set(match.ticketTypeIds);
  const outside = gatedTypeIds.filter((id) => !covered.has(id));
  if (outside.length > 0) throw notListed(outside);
  return { codeId: match.id, email, ticketTypeIds: [...gatedTypeIds].sort() };
}

const notListed = (ticketTypeIds: string[]) =>
  new AppError('member-not-listed', 'This address is not a member of a list these tickets are for.', {
    details: ticketTypeIds.map((ticketTypeId) => ({ ticketTypeId })),
  });

/** The advisory lock of one member's tickets of one type: 64 bits of a hash, as PostgreSQL's bigint. */
function memberCountLock(organizationId: string, ticketTypeId: string, email: string): string {
  return createHash('sha256')
    .update(`member-count\n${organizationId}\n${ticketTypeId}\n${email.toLowerCase()}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/**
 * Inside the order's transaction, after its rows are written and before its places are taken: uses the
 * code (one order per code), checks the membership again (removed, or a validity that ended since the
 * code was sent: refused), and holds each limited type's per-member maximum. The count waits for a lock of
 * that member and type, then counts the member's valid tickets of it in live orders, this order's
 * included: concurrent orders of one member count one after the other, so the maximum holds. Locks are
 * taken in type order (no deadlock between two orders of one member) and before any capacity row.
 */
export async function enterMemberGate(
  tx: Queryable,
  organizationId: string,
  orderId: string,
  pass: MemberPass,
): Promise<void> {
  if (!(await repository.useCode(tx, organizationId, pass.codeId, orderId)))
    throw new AppError('member-code-used', 'This code has already been used for an order.');
  const admitted = await repository.admissions(tx, organizationId, pass.ticketTypeIds, pass.email, true);
  const admittedIds = new Set(admitted.map((row) => row.ticketTypeId));
  const outside = pass.ticketTypeIds.filter((id) => !admittedIds.has(id));
  if (outside.length > 0) throw notListed(outside);
  const limited = admitted
    .filter((row) => row.maxPerMember !== null)
    .sort((a, b) => (a.ticketTypeId < b.ticketTypeId ? -1 : 1));
  if (limited.length === 0) return;
  for (const row of limited) {
    await repository.lockMemberCount(tx, memberCountLock(organizationId, row.ticketTypeId, pass.email));
  }
  const held = await repository.memberTickets(
    tx,
    organizationId,
    pass.email,
    limited.map((row) => row.ticketTypeId),
  );
  const over = limited.filter((row) => (held.get(row.ticketTypeId) ?? 0) > (row.maxPerMember as number));
  if (over.length > 0)
    throw new AppError('member-limit-reached', 'You already hold as many of these tickets as a member may.', {
      details: over.map((row) => ({ ticketTypeId: row.ticketTypeId, maxPerMember: row.maxPerMember })),
    });
}
