import { issueDocumentBodySchema } from '@guichet/shared/finances';
import { updateVatSettingsBodySchema } from '@guichet/shared/vat';
import type { AppContext } from '../context';
import { issueDocument, recentPaidOrders } from '../modules/documents/documents.service';
import { updateVatSettings } from '../modules/finances/vat.service';

/** The demo organisation is registered for VAT before anything is sold, so its sales carry VAT. */
export async function seedDemoVat(ctx: AppContext, organizationId: string, actor: string) {
  await updateVatSettings(
    ctx,
    organizationId,
    actor,
    updateVatSettingsBodySchema.parse({
      registered: true,
      vatNumber: 'FR40123456789',
      ratesBp: [2000, 1000, 550, 210],
      defaultRateBp: 2000,
    }),
  );
}

/**
 * Receipts for the recent sales and two company invoices, one of them for the refunded order (its credit
 * note follows), all through the service the finance staff use.
 */
export async function seedDemoDocuments(ctx: AppContext, organizationId: string, actor: string) {
  const orders = await recentPaidOrders(ctx, organizationId, 200);
  for (const order of orders.slice(0, 6)) {
    await issueDocument(
      ctx,
      organizationId,
      actor,
      order.id,
      issueDocumentBodySchema.parse({ kind: 'receipt' }),
    );
  }
  const refunded = orders.find((order) => order.refundedMinor > 0);
  const invoiced = [refunded, orders.find((order) => order.refundedMinor === 0)].filter(
    (order): order is NonNullable<typeof order> => Boolean(order),
  );
  const companies = [
    { name: 'Atelier Lumière SARL', address: '12 rue des Arts, 69002 Lyon', vatNumber: 'FR12345678901' },
    { name: 'Nordlicht GmbH', address: 'Torstraße 5, 10119 Berlin', vatNumber: 'DE123456789' },
  ];
  for (const [index, order] of invoiced.entries()) {
    await issueDocument(
      ctx,
      organizationId,
      actor,
      order.id,
      issueDocumentBodySchema.parse({ kind: 'invoice', billing: companies[index] }),
    );
  }
}
