import type { AppContext } from '../../context';
import * as repository from './customers.repository';
import { customerNotFound } from './customers.service';
import { mergedRecordsOf } from './merge.repository';
import * as reads from './record-export.repository';

/**
 * Everything the organisation holds about a person, as one JSON document written piece by piece: the
 * record (and those merged into it), consents, notes, list memberships and their history, then orders
 * with their tickets, check-ins and attribution, then mail, each read a page at a time so a person with
 * thousands of orders never sits whole in memory.
 */

const PAGE = 200;

const json = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');

/** The customer the id resolves to (a merged id answers the kept one); thrown before anything streams. */
export async function exportedCustomer(ctx: AppContext, organizationId: string, customerId: string) {
  let row = await repository.findCustomer(ctx.db, organizationId, customerId);
  for (let hop = 0; row?.mergedInto && hop < 20; hop += 1) {
    row = await repository.findCustomer(ctx.db, organizationId, row.mergedInto);
  }
  if (!row || row.mergedInto) throw customerNotFound();
  return row;
}

export async function* customerRecordJson(
  ctx: AppContext,
  organizationId: string,
  customer: repository.CustomerRow,
): AsyncGenerator<string> {
  const db = ctx.db;
  const merged = await mergedRecordsOf(db, organizationId, [customer.id]);
  const records = [customer.id, ...merged.map((row) => row.id)];
  const emails = [customer.email, ...merged.map((row) => row.email)].map((email) => email.toLowerCase());
  const [consents, notes, memberships, history] = await Promise.all([
    reads.consentsOf(db, organizationId, records),
    reads.notesOf(db, organizationId, records),
    reads.membershipsOf(db, organizationId, records),
    reads.listHistoryOf(db, organizationId, records),
  ]);
  const { organizationId: _organization, orderCount: _count, totalSpentMinor: _spent, ...own } = customer;
  yield `{\n  "exportedAt": ${JSON.stringify(new Date().toISOString())},\n`;
  yield `  "customer": ${json(own)},\n`;
  yield `  "mergedRecords": ${json(merged.map(({ rootId: _root, ...row }) => row))},\n`;
  yield `  "consents": ${json(consents.map(({ organizationId: _o, ...row }) => row))},\n`;
  yield `  "notes": ${json(notes.map(({ organizationId: _o, ...row }) => row))},\n`;
  yield `  "listMemberships": ${json(
    memberships.map(({ member: { organizationId: _o, ...member }, listName }) => ({ ...member, listName })),
  )},\n`;
  yield `  "listHistory": ${json(
    history.map(({ entry: { organizationId: _o, ...entry }, listName }) => ({ ...entry, listName })),
  )},\n`;

  yield '  "orders": [';
  let first = true;
  for (let after: string | null = null; ; ) {
    const page = await reads.ordersPage(db, organizationId, emails, after, PAGE);
    if (page.length === 0) break;
    const ids = page.map((order) => order.id);
    const [tickets, checkIns, attributions] = await Promise.all([
      reads.ticketsOf(db, organizationId, ids),
      reads.checkInsOf(db, organizationId, ids),
      reads.attributionsOf(db, organizationId, ids),
    ]);
    for (const order of page) {
      const own = tickets.filter((ticket) => ticket.orderId === order.id);
      const entry = {
        ...order,
        tickets: own.map(({ orderId: _o, ...ticket }) => ({
          ...ticket,
          checkIns: checkIns.filter((checkIn) => checkIn.ticketId === ticket.id),
        })),
        attribution: attributions.find((row) => row.orderId === order.id) ?? null,
      };
      yield `${first ? '\n    ' : ',\n    '}${json(entry).replace(/\n/g, '\n  ')}`;
      first = false;
    }
    after = page.at(-1)?.id ?? null;
    if (page.length < PAGE) break;
  }
  yield first ? '],\n' : '\n  ],\n';

  yield '  "mails": [';
  first = true;
  for (let after: string | null = null; ; ) {
    const page = await reads.mailsOf(db, organizationId, emails, after, PAGE);
    for (const mail of page) {
      yield `${first ? '\n    ' : ',\n    '}${json(mail).replace(/\n/g, '\n  ')}`;
      first = false;
    }
    after = page.at(-1)?.id ?? null;
    if (page.length < PAGE) break;
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}
