import { listEventsQuerySchema } from '@guichet/shared/events';
import { createBoxOfficeOrderBodySchema } from '@guichet/shared/orders';
import { createRefundBodySchema } from '@guichet/shared/payments';
import type { AppContext } from '../context';
import { getEvent, listEvents } from '../modules/events/events.service';
import { createBoxOfficeOrder } from '../modules/orders/orders.service';
import { createRefund } from '../modules/payments/refunds.service';
import { sellAtTheBoxOffice } from './demo-events';

const BUYERS = [
  ['Chloé Martin', 'chloe.martin@example.com'],
  ['Hugo Bernard', 'hugo.bernard@example.com'],
  ['Léa Dubois', 'lea.dubois@example.com'],
  ['Noah Petit', 'noah.petit@example.com'],
  ['Inès Moreau', 'ines.moreau@example.com'],
  ['Lucas Girard', 'lucas.girard@example.com'],
] as const;

/**
 * Money for the demo's `/finances`: box-office sales on the published events, a comp ticket, and one
 * partial refund, all through the services the API uses, so the ledger holds them as it would any sale.
 */
export async function seedDemoFinances(ctx: AppContext, organizationId: string, actor: string) {
  const page = await listEvents(ctx, organizationId, listEventsQuerySchema.parse({ status: 'published' }));
  let sale = 0;
  const sold: string[] = [];
  for (const summary of page.items) {
    const event = await getEvent(ctx, organizationId, summary.id);
    for (const type of event.ticketTypes) {
      if (type.priceMinor <= 0) continue;
      for (let index = 0; index < 2; index += 1) {
        const [name, email] = BUYERS[sale % BUYERS.length] ?? BUYERS[0];
        sale += 1;
        const order = await sellAtTheBoxOffice(ctx, organizationId, actor, {
          eventId: event.id,
          ticketTypeId: type.id,
          quantity: 1 + (sale % 3),
          buyer: { name, email },
        });
        sold.push(order.id);
      }
    }
  }
  const [first] = sold;
  if (first) {
    await createRefund(
      ctx,
      organizationId,
      actor,
      first,
      createRefundBodySchema.parse({ ticketIds: [], amountMinor: 500, reason: 'Arrived late' }),
    );
  }
  // A press pass: given, not sold, so it adds nothing to the figures.
  const event = page.items[0] && (await getEvent(ctx, organizationId, page.items[0].id));
  const type = event?.ticketTypes[0];
  if (event && type) {
    await createBoxOfficeOrder(
      ctx,
      organizationId,
      actor,
      event.id,
      createBoxOfficeOrderBodySchema.parse({
        buyer: { name: 'Press pass', email: 'press@example.com' },
        lines: [{ ticketTypeId: type.id, quantity: 1 }],
        payment: 'comp',
        sendEmail: false,
      }),
    );
  }
  return sold.length;
}
