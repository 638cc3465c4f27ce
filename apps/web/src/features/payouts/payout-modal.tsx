import { formatMoney } from '@guichet/shared/money';
import type { PayoutTransaction } from '@guichet/shared/payouts';
import { Badge, Button, Center, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { toastError, toastSuccess } from '../../lib/toasts';
import { usePayout } from './api/get-payout';
import { useMatchTransaction } from './api/match-transaction';
import { reconciliationLabel } from './payouts-table';

/** One payout: why it is flagged, each balance transaction with its match, and for the rest suggestions. */
export function PayoutModal({ payoutId, onClose }: { payoutId: string | null; onClose: () => void }) {
  const { t, locale } = useTranslation();
  const detail = usePayout(payoutId);
  const match = useMatchTransaction();
  const payout = detail.data?.payout;

  async function matchWith(transaction: PayoutTransaction, ledgerEntryId: string) {
    try {
      await match.mutateAsync({ transactionId: transaction.id, ledgerEntryId });
      toastSuccess(t('payoutsPage.matchDone'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Modal
      opened={payoutId !== null}
      onClose={onClose}
      size="xl"
      title={payout ? t('payoutsPage.detailTitle', { id: payout.stripePayoutId }) : ''}
    >
      {detail.isPending ? (
        <Center p="xl">
          <Loader aria-label={t('payoutsPage.loading')} />
        </Center>
      ) : !detail.data || !payout ? (
        <FormError error={detail.error} />
      ) : (
        <Stack gap="md">
          <Text>
            {formatMoney(payout.amountMinor, payout.currency, locale)} ·{' '}
            {t(`payoutsPage.status.${payout.status}`)} ·{' '}
            {t(`payoutsPage.reconciliation.${reconciliationLabel(payout)}`)}
          </Text>
          {payout.flags.length > 0 && (
            <List c="red.9">
              {payout.flags.map((flag) => (
                <List.Item key={flag}>{t(`payoutsPage.flags.${flag}`)}</List.Item>
              ))}
            </List>
          )}
          {detail.data.transactions.map((transaction) => (
            <Stack
              key={transaction.id}
              gap={4}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
            >
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>
                  {transaction.type}
                  {!transaction.known && ` (${t('payoutsPage.unknownType')})`}
                </Text>
                <Text>
                  {t('payoutsPage.columns.net')}:{' '}
                  {formatMoney(transaction.netMinor, transaction.currency, locale)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {transaction.stripeBalanceTransactionId}
                {transaction.description ? ` · ${transaction.description}` : ''}
              </Text>
              {transaction.matched ? (
                <Badge color="green" variant="light" c="dark.8">
                  {t(
                    transaction.matchSource === 'manual'
                      ? 'payoutsPage.matchedManual'
                      : 'payoutsPage.matchedAuto',
                  )}
                  {transaction.matchedMinor !== null &&
                    ` · ${formatMoney(transaction.matchedMinor, transaction.currency, locale)}`}
                </Badge>
              ) : (
                <Stack gap={4}>
                  <Badge color="red" variant="light" c="dark.8">
                    {t('payoutsPage.unmatched')}
                  </Badge>
                  {transaction.suggestions.length === 0 ? (
                    <Text size="sm">{t('payoutsPage.noSuggestion')}</Text>
                  ) : (
                    <>
                      <Text size="sm">{t('payoutsPage.suggestions')}</Text>
                      <Group gap="xs">
                        {transaction.suggestions.map((suggestion) => {
                          const label = [
                            formatMoney(suggestion.amountMinor, transaction.currency, locale),
                            new Date(suggestion.occurredAt).toLocaleDateString(locale),
                            suggestion.orderCode ?? suggestion.reference ?? suggestion.kind,
                          ].join(' · ');
                          return (
                            <Button
                              key={suggestion.ledgerEntryId}
                              size="xs"
                              variant="light"
                              loading={match.isPending}
                              onClick={() => void matchWith(transaction, suggestion.ledgerEntryId)}
                            >
                              {t('payoutsPage.matchWith', { label })}
                            </Button>
                          );
                        })}
                      </Group>
                    </>
                  )}
                </Stack>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
