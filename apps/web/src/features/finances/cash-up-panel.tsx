import { formatMoney } from '@guichet/shared/money';
import { Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useCashUp } from './api/get-cash-up';
import { ReportButton } from './report-button';

const METHODS = ['cash', 'card', 'transfer', 'other'] as const;

/** What the box office, the door and staff marking offline orders paid took, by event, person and method. */
export function CashUpPanel({ query, fileName }: { query: string; fileName: string }) {
  const { t, locale } = useTranslation();
  const cashUp = useCashUp(query);
  const method = (value: string | null) =>
    (METHODS as readonly string[]).includes(value ?? '')
      ? t(`financeReports.cashUp.method.${value as (typeof METHODS)[number]}`)
      : t('financeReports.cashUp.method.none');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="start">
        <Text c="dimmed" maw={640}>
          {t('financeReports.cashUp.intro')}
        </Text>
        <ReportButton
          file="cash-up.csv"
          query={query}
          fileName={fileName}
          label={t('financeReports.cashUp.csv')}
        />
      </Group>
      {cashUp.isPending ? (
        <Center p="xl">
          <Loader aria-label={t('financeReports.loading')} />
        </Center>
      ) : (cashUp.data?.rows.length ?? 0) === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed">{t('financeReports.cashUp.empty')}</Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('financeReports.cashUp.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('financeReports.cashUp.event')}</Table.Th>
                <Table.Th>{t('financeReports.cashUp.staff')}</Table.Th>
                <Table.Th>{t('financeReports.cashUp.channel')}</Table.Th>
                <Table.Th>{t('financeReports.cashUp.methodLabel')}</Table.Th>
                <Table.Th ta="right">{t('financeReports.cashUp.count')}</Table.Th>
                <Table.Th ta="right">{t('financeReports.cashUp.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cashUp.data?.rows.map((row) => (
                <Table.Tr key={`${row.eventId}-${row.staffId}-${row.channel}-${row.method}-${row.currency}`}>
                  <Table.Td>{row.eventName}</Table.Td>
                  <Table.Td>{row.staffName ?? t('financeReports.cashUp.formerStaff')}</Table.Td>
                  <Table.Td>{t(`financeReports.cashUp.channels.${row.channel}`)}</Table.Td>
                  <Table.Td>{method(row.method)}</Table.Td>
                  <Table.Td ta="right">{row.count}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.amountMinor, row.currency, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
