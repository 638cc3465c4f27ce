import { formatMoney } from '@guichet/shared/money';
import { Button, Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { AmountBreakdown } from '../../components/amount-breakdown';
import { AppModal } from '../../components/app-modal';
import { dateTimeFormat } from '../../lib/date-format';
import { useTranslation } from '../../lib/i18n';
import { useFinanceOrder } from './api/get-finance-order';
import { useIssueDocument } from './api/issue-document';

/** An order's money as finance staff see it: its net and every ledger row, without the order's management. */
export function FinanceOrderModal({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t, locale } = useTranslation();
  const order = useFinanceOrder(orderId);
  const issue = useIssueDocument(orderId ?? '');
  const data = order.data;
  const money = (minor: number) => formatMoney(minor, data?.currency ?? 'EUR', locale);
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AppModal
      opened={orderId !== null}
      onClose={onClose}
      title={data ? t('financesPage.order.title', { code: data.code }) : t('financesPage.loading')}
      size="lg"
    >
      {!data ? (
        order.isError ? (
          <Text c="red.8">{t('financesPage.error')}</Text>
        ) : (
          <Center p="lg">
            <Loader aria-label={t('financesPage.loading')} />
          </Center>
        )
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <div>
              <Text size="xs" c="dimmed">
                {t('financesPage.order.buyer')}
              </Text>
              <Text size="sm">{data.buyerName}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {data.buyerEmail}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('financesPage.order.event')}
              </Text>
              <Text size="sm">{data.event.name}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('financesPage.order.status')}
              </Text>
              <Text size="sm">{data.status}</Text>
            </div>
          </SimpleGrid>
          <AmountBreakdown
            label={t('financesPage.figures.net')}
            rows={[
              { label: t('financesPage.net.gross'), value: money(data.net.grossMinor) },
              {
                label: t('financesPage.net.vat'),
                value:
                  data.net.vatMinor === null ? t('financesPage.net.vatUnknown') : money(data.net.vatMinor),
              },
              { label: t('financesPage.net.refunded'), value: money(-data.net.refundedMinor) },
              { label: t('financesPage.net.processorFee'), value: money(-data.net.processorFeeMinor) },
              { label: t('financesPage.net.platformFee'), value: money(-data.net.platformFeeMinor) },
              { label: t('financesPage.net.net'), value: money(data.net.netMinor), total: true },
            ]}
          />
          {data.paidAt && data.totalMinor > 0 && (
            <Stack gap={4} align="start">
              {issue.data ? (
                <Text size="sm" role="status">
                  {t('financesPage.order.receipt', {
                    reference: issue.data.reference,
                    date: date.format(new Date(issue.data.issuedAt)),
                  })}
                </Text>
              ) : (
                <Button
                  variant="light"
                  size="xs"
                  loading={issue.isPending}
                  onClick={() => issue.mutate({ kind: 'receipt' })}
                >
                  {t('financesPage.order.issueReceipt')}
                </Button>
              )}
              {issue.isError && <Text c="red.8">{t('financesPage.error')}</Text>}
            </Stack>
          )}
          <Title order={3} size="h5">
            {t('financesPage.order.entries')}
          </Title>
          <Table.ScrollContainer minWidth={400}>
            <Table>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{date.format(new Date(entry.occurredAt))}</Table.Td>
                    <Table.Td>{t(`financesPage.kind.${entry.kind}`)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(entry.amountMinor, entry.currency, locale)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </AppModal>
  );
}
