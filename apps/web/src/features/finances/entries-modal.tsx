import type { LedgerEntry } from '@guichet/shared/finances';
import { formatMoney } from '@guichet/shared/money';
import { Anchor, Button, Center, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { dateTimeFormat } from '../../lib/date-format';
import { useTranslation } from '../../lib/i18n';
import { useLedgerEntries } from './api/list-entries';

/** The ledger rows behind a figure, a page at a time; an order's code opens that order's money. */
export function EntriesModal({
  title,
  query,
  phoneLayout,
  onClose,
  onOpenOrder,
}: {
  title: string;
  /** The API query of the rows; null: closed. */
  query: string | null;
  phoneLayout: boolean;
  onClose: () => void;
  onOpenOrder: (orderId: string) => void;
}) {
  const { t, locale } = useTranslation();
  const entries = useLedgerEntries(query);
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const orderLink = (entry: LedgerEntry) =>
    entry.orderId && entry.orderCode ? (
      <Anchor
        component="button"
        type="button"
        ff="monospace"
        onClick={() => entry.orderId && onOpenOrder(entry.orderId)}
        aria-label={t('financesPage.rows.openOrder', { code: entry.orderCode })}
      >
        {entry.orderCode}
      </Anchor>
    ) : null;
  let body: React.ReactNode;
  if (entries.isPending) {
    body = (
      <Center p="lg">
        <Loader aria-label={t('financesPage.loading')} />
      </Center>
    );
  } else if (entries.isError && items.length === 0) {
    body = (
      <Stack align="start">
        <Text c="red.8">{t('financesPage.error')}</Text>
        <Button variant="light" onClick={() => void entries.refetch()}>
          {t('financesPage.retry')}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    body = <Text c="dimmed">{t('financesPage.rows.none')}</Text>;
  } else if (phoneLayout) {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((entry) => (
          <Paper key={entry.id} component="li" withBorder p="sm" radius="md">
            <Text fw={600}>
              {t(`financesPage.kind.${entry.kind}`)} ·{' '}
              {formatMoney(entry.amountMinor, entry.currency, locale)}
            </Text>
            <Text size="sm" c="dimmed">
              {date.format(new Date(entry.occurredAt))}
              {entry.buyerName ? ` · ${entry.buyerName}` : ''}
            </Text>
            {orderLink(entry)}
          </Paper>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('financesPage.column.date')}</Table.Th>
              <Table.Th>{t('financesPage.column.kind')}</Table.Th>
              <Table.Th>{t('financesPage.column.order')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('financesPage.column.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{date.format(new Date(entry.occurredAt))}</Table.Td>
                <Table.Td>
                  {t(`financesPage.kind.${entry.kind}`)}
                  {entry.method ? ` · ${t(`financesPage.method.${entry.method}`)}` : ''}
                </Table.Td>
                <Table.Td>
                  {orderLink(entry)}
                  {entry.buyerName && (
                    <Text size="xs" c="dimmed">
                      {entry.buyerName}
                      {entry.eventName ? ` · ${entry.eventName}` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(entry.amountMinor, entry.currency, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <AppModal opened={query !== null} onClose={onClose} title={title} size="xl">
      <Stack gap="md">
        {body}
        {entries.hasNextPage && (
          <Button
            variant="light"
            onClick={() => void entries.fetchNextPage()}
            loading={entries.isFetchingNextPage}
            style={{ alignSelf: 'start' }}
          >
            {t('financesPage.rows.more')}
          </Button>
        )}
      </Stack>
    </AppModal>
  );
}
