import type { OrderEmail, OrderEmailStatus, OrderEmails } from '@guichet/shared/delivery';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { AppError } from '../../errors';
import { listOrderMail, type MailMessage } from '../mail/mail.repository';
import { findOrder } from '../orders/orders.repository';

const STATUS: Record<string, OrderEmailStatus> = {
  pending: 'queued',
  sent: 'sent',
  stored: 'stored',
  failed: 'failed',
};

/** The mail of one of the organisation's orders, newest first; another organisation's order is a 404. */
export async function listOrderEmails(
  ctx: AppContext,
  organizationId: string,
  orderId: string,
  query: { limit: number; cursor?: string },
): Promise<OrderEmails> {
  const order = await findOrder(ctx.db, organizationId, orderId);
  if (!order) throw new AppError('not-found', 'No such order, ticket or event in this organisation.');
  const page = keysetPage(await listOrderMail(ctx.db, organizationId, orderId, query), query.limit, (row) => [
    '',
    row.id,
  ]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row): OrderEmail => {
      const mail = row.payload as MailMessage;
      return {
        id: row.id,
        to: mail.to,
        subject: mail.subject,
        status: STATUS[row.status] ?? 'queued',
        attachments: (mail.attachments ?? []).map((ref) => ref.filename),
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        processedAt: row.processedAt?.toISOString() ?? null,
      };
    }),
  };
}
