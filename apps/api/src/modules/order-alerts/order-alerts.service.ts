import type { OrderAlertsSetting } from '@guichet/shared/order-alerts';
import type { AppContext } from '../../context';
import { enqueueMail } from '../mail/mail.repository';
import * as repository from './order-alerts.repository';
import { digestMail, newOrderMail } from './order-alerts-mail';

/** Orders noticed per transaction: a burst is sent over a few runs rather than in one long transaction. */
const NOTICE_BATCH = 200;
/** The local hour (in the organisation's time zone) from which the day's digest leaves. */
export const DIGEST_HOUR = 7;

export async function getOrderAlerts(ctx: AppContext, staffId: string): Promise<OrderAlertsSetting> {
  const row = await repository.findAlertMode(ctx.db, staffId);
  return { mode: row?.mode ?? 'off' };
}

export async function setOrderAlerts(
  ctx: AppContext,
  staffId: string,
  setting: OrderAlertsSetting,
): Promise<OrderAlertsSetting> {
  await repository.saveAlertMode(ctx.db, staffId, setting.mode);
  return getOrderAlerts(ctx, staffId);
}

/**
 * Queues one mail per new order to each staff member who wants one, in the transaction that claims the
 * orders: a claim commits with its mails or not at all, and a claimed order is never mailed twice.
 * Answers the number of orders noticed.
 */
export async function noticeNewOrders(ctx: AppContext): Promise<number> {
  const noticed = await ctx.db.transaction(async (tx) => {
    const claimed = await repository.claimNewOrders(tx, NOTICE_BATCH);
    if (claimed.length === 0) return 0;
    const summaries = await repository.orderSummaries(
      tx,
      claimed.map((row) => row.orderId),
    );
    const recipients = await repository.perOrderRecipients(tx, [
      ...new Set(claimed.map((row) => row.organizationId)),
    ]);
    for (const order of summaries) {
      // Only those who chose mail per order before the order was placed, never the backlog.
      const readers = recipients.filter(
        (reader) => reader.organizationId === order.organizationId && reader.since <= order.placedAt,
      );
      for (const reader of readers) {
        await enqueueMail(tx, {
          ...newOrderMail({
            to: reader.email,
            displayName: reader.displayName,
            locale: reader.locale,
            eventName: order.eventName,
            timeZone: order.timeZone,
            code: order.code,
            status: order.status,
            buyerName: order.buyerName,
            buyerEmail: order.buyerEmail,
            tickets: order.tickets,
            totalMinor: order.totalMinor,
            currency: order.currency,
            placedAt: order.placedAt,
            link: `${ctx.config.publicUrl}/events/${order.eventId}`,
          }),
        });
      }
    }
    return claimed.length;
  });
  if (noticed > 0) ctx.kickOutbox();
  return noticed;
}

/**
 * Queues the daily digests due at `now`: each is recorded with its period in the transaction that queues
 * its mail (none when no order came in), once per staff member, organisation and local day.
 */
export async function sendDueDigests(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await repository.dueDigests(ctx.db, now, DIGEST_HOUR);
  let sent = 0;
  for (const digest of due) {
    const queued = await ctx.db.transaction(async (tx) => {
      const lines = await repository.ordersPlacedBetween(tx, digest.organizationId, digest.periodStart, now);
      const orderCount = lines.reduce((sum, line) => sum + line.orders, 0);
      const recorded = await repository.recordDigest(tx, {
        staffId: digest.staffId,
        organizationId: digest.organizationId,
        day: digest.day,
        periodStart: digest.periodStart,
        periodEnd: now,
        orderCount,
      });
      if (!recorded || orderCount === 0) return false;
      await enqueueMail(
        tx,
        digestMail({
          to: digest.email,
          displayName: digest.displayName,
          locale: digest.locale,
          organizationName: digest.organizationName,
          day: digest.day,
          lines,
          link: `${ctx.config.publicUrl}/events`,
        }),
      );
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) ctx.kickOutbox();
  return sent;
}
