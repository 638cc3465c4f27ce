import type { PublicOrder } from '@guichet/shared/orders';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../../lib/i18n/error-message';
import { invoicePdfUrl } from './api/invoice-pdf';
import { receiptPdfUrl } from './api/receipt-pdf';
import { requestInvoice } from './api/request-invoice';
import { billingOf, billingProblems, EMPTY_BILLING } from './billing';
import { BillingFields } from './billing-fields';

/**
 * A paid order's receipt (when it cost something), and an invoice made out to the buyer's company: the one
 * asked for at checkout, or one they ask for here.
 */
export function OrderDocuments({ order }: { order: PublicOrder }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [billing, setBilling] = useState(EMPTY_BILLING);
  const [busy, setBusy] = useState(false);
  const [invoice, setInvoice] = useState<string | null>(order.invoiceReference ?? null);
  // Said beside the form: the buyer's pages show no toasts.
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (billingProblems(billing).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      setInvoice((await requestInvoice(order.code, billingOf(billing))).reference);
      setAsking(false);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="buyer-documents">
      <Stack gap="sm">
        <Title order={2} size="h4" id="buyer-documents">
          {t('buyer.documents.title')}
        </Title>
        <Group gap="sm">
          {order.totalMinor > 0 && (
            <Button component="a" href={receiptPdfUrl(order.code)} variant="light">
              {t('buyer.documents.receipt')}
            </Button>
          )}
          {invoice ? (
            <Button component="a" href={invoicePdfUrl(order.code)} variant="light">
              {t('buyer.documents.invoice', { reference: invoice })}
            </Button>
          ) : (
            !asking && (
              <Button variant="subtle" onClick={() => setAsking(true)}>
                {t('buyer.documents.askInvoice')}
              </Button>
            )
          )}
        </Group>
        {asking && (
          <form onSubmit={(event) => void submit(event)}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('buyer.documents.invoiceHint')}
              </Text>
              {failure !== null && (
                <Alert color="red" role="alert">
                  {errorMessage(failure)}
                </Alert>
              )}
              <BillingFields value={billing} onChange={setBilling} idPrefix="invoice" />
              <Group gap="sm">
                <Button type="submit" loading={busy}>
                  {t('buyer.documents.send')}
                </Button>
                <Button variant="subtle" onClick={() => setAsking(false)}>
                  {t('buyer.documents.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
