import type { BuyerDocument } from '@guichet/shared/finances';
import type { PublicOrder } from '@guichet/shared/orders';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LimitedTextarea, LimitedTextInput } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../../lib/i18n/error-message';
import { invoicePdfUrl } from './api/invoice-pdf';
import { receiptPdfUrl } from './api/receipt-pdf';
import { requestInvoice } from './api/request-invoice';

/** A paid order's receipt, and an invoice made out to the buyer's company when they ask for one. */
export function OrderDocuments({ order }: { order: PublicOrder }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [invoice, setInvoice] = useState<BuyerDocument | null>(null);
  // Said beside the form: the buyer's pages show no toasts.
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      setInvoice(
        await requestInvoice(order.code, {
          name: name.trim(),
          ...(address.trim() ? { address: address.trim() } : {}),
          ...(vatNumber.trim() ? { vatNumber: vatNumber.trim() } : {}),
        }),
      );
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
          <Button component="a" href={receiptPdfUrl(order.code)} variant="light">
            {t('buyer.documents.receipt')}
          </Button>
          {invoice ? (
            <Button component="a" href={invoicePdfUrl(order.code)} variant="light">
              {t('buyer.documents.invoice', { reference: invoice.reference })}
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
              <LimitedTextInput
                label={t('buyer.documents.company')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                limit={200}
                required
              />
              <LimitedTextarea
                label={t('buyer.documents.address')}
                value={address}
                onChange={(event) => setAddress(event.currentTarget.value)}
                limit={500}
                autosize
                minRows={2}
              />
              <LimitedTextInput
                label={t('buyer.documents.vatNumber')}
                value={vatNumber}
                onChange={(event) => setVatNumber(event.currentTarget.value)}
                limit={40}
              />
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
