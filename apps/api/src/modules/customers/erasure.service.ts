import { ERASED, type EraseCustomerBody, erasedAddress } from '@guichet/shared/customer-records';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { emitWebhookEvent } from '../integrations/webhook-events';
import * as repository from './customers.repository';
import { customerNotFound } from './customers.service';
import * as erasure from './erasure.repository';
import { lockCustomers, mergedRecordsOf } from './merge.repository';

/**
 * Erasing a person (the right to erasure): their records, and every copy of their name, address and phone
 * the organisation holds, are removed in one transaction; what the accounts need stays (orders keep their
 * code, status, amounts and tickets; the ledger is not touched), so the finance totals do not move.
 */

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** One case-insensitive pattern for the needles (and their HTML-escaped forms), longest first. */
function patternOf(needles: readonly string[]): string | null {
  const forms = new Set<string>();
  for (const needle of needles) {
    forms.add(needle);
    forms.add(escapeHtml(needle));
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return sorted.length === 0 ? null : sorted.map(escapeRegExp).join('|');
}

/** A JSON value with every occurrence of the pattern in its strings (keys too) replaced. */
function redact(value: unknown, pattern: RegExp | null): unknown {
  if (!pattern) return value;
  if (typeof value === 'string') return value.replace(pattern, ERASED);
  if (Array.isArray(value)) return value.map((item) => redact(item, pattern));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replace(pattern, ERASED), redact(item, pattern)]),
    );
  }
  return value;
}

const mismatch = () =>
  new AppError('argument-error', 'Type the customer’s e-mail address to confirm.', {
    details: [{ path: 'body.confirmEmail', message: 'Does not match the customer’s e-mail' }],
  });

export async function eraseCustomer(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  customerId: string,
  body: EraseCustomerBody,
): Promise<void> {
  let root = await repository.findCustomer(ctx.db, organizationId, customerId);
  for (let hop = 0; root?.mergedInto && hop < 20; hop += 1) {
    root = await repository.findCustomer(ctx.db, organizationId, root.mergedInto);
  }
  if (!root || root.mergedInto) throw customerNotFound();
  if (body.confirmEmail.trim().toLowerCase() !== root.email.toLowerCase()) throw mismatch();
  const kept = root;

  await ctx.db.transaction(async (tx) => {
    // The person is every record merged into the kept one: all their addresses go.
    const folded = await mergedRecordsOf(tx, organizationId, [kept.id]);
    const records = await lockCustomers(tx, organizationId, [kept.id, ...folded.map((row) => row.id)]);
    if (!records.some((row) => row.id === kept.id && !row.mergedInto)) throw customerNotFound();
    const emails = [...new Set(records.map((row) => row.email.toLowerCase()))];
    const personOrders = await erasure.ordersOfAddresses(tx, organizationId, emails);
    const orderIds = personOrders.map((order) => order.id);
    const personTickets = await erasure.ticketsOfOrders(tx, organizationId, orderIds);
    const ticketIds = personTickets.map((ticket) => ticket.id);

    // Names shorter than two characters would match inside unrelated words; they go with their columns.
    const names = [
      ...records.map((row) => row.name),
      ...personOrders.map((order) => order.buyerName),
      ...personTickets.map((ticket) => ticket.attendeeName ?? ''),
      ...records.map((row) => row.phone ?? ''),
    ]
      .map((value) => value.trim())
      .filter((value) => value.length >= 2);
    const textPattern = patternOf([...emails, ...names]);
    const regex = textPattern ? new RegExp(textPattern, 'gi') : null;
    const address = erasedAddress(kept.id);

    await erasure.declareErasure(tx, true);
    await erasure.eraseOrders(tx, organizationId, orderIds, address, ERASED);
    const documentCount = await erasure.eraseDocuments(tx, organizationId, orderIds, {
      name: ERASED,
      email: address,
    });

    const mails = await erasure.mailsOf(tx, organizationId, emails, personOrders);
    for (const mail of mails) {
      const payload = (mail.payload ?? {}) as Record<string, unknown>;
      const erased = {
        ...(redact(payload, regex) as Record<string, unknown>),
        to: address,
        subject: ERASED,
        text: ERASED,
        html: ERASED,
      };
      await erasure.eraseMail(tx, mail.id, erased);
    }

    const entries = await erasure.auditEntriesOf(
      tx,
      organizationId,
      [...records.map((row) => row.id), ...orderIds, ...ticketIds],
      emails,
    );
    for (const entry of entries) {
      await erasure.setAuditDetails(tx, organizationId, entry.id, {
        before: redact(entry.before, regex),
        after: redact(entry.after, regex),
      });
    }

    for (const checkIn of await erasure.checkInsOfTickets(tx, organizationId, ticketIds)) {
      await erasure.setCheckInAnswer(tx, organizationId, checkIn.id, redact(checkIn.answer, regex));
    }
    if (textPattern) {
      await erasure.eraseFreeText(tx, organizationId, orderIds, ticketIds, textPattern, ERASED);
      await erasure.eraseLedgerReasons(tx, organizationId, orderIds, textPattern, ERASED);
    }
    await erasure.declareErasure(tx, false);

    await erasure.deleteCustomers(
      tx,
      organizationId,
      records.map((row) => row.id),
    );
    const addressPattern = patternOf(emails);
    if (addressPattern) await erasure.forgetIntegrationCopies(tx, organizationId, addressPattern);
    const swept = addressPattern
      ? await erasure.sweepAddresses(tx, organizationId, addressPattern, ERASED)
      : 0;

    // Receivers erase their copies by id; the event itself names no one (no e-mail, no name).
    await emitWebhookEvent(tx, {
      organizationId,
      type: 'customer.erased',
      data: { id: kept.id, customerIds: records.map((row) => row.id), orderIds },
    });
    // What was done, never to whom: counts only.
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'customer.erased',
      targetType: 'customer',
      targetId: kept.id,
      after: {
        records: records.length,
        orders: orderIds.length,
        tickets: ticketIds.length,
        documents: documentCount,
        mails: mails.length,
        auditEntries: entries.length,
        otherValues: swept,
      },
    });
  });
}
