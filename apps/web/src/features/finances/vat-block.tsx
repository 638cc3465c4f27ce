import { formatMoney } from '@guichet/shared/money';
import { formatVatRate } from '@guichet/shared/vat';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useVatReport } from './api/get-vat-report';
import { ReportButton } from './report-button';

/** VAT by rate for the period (by payment date; a refund counts when it was made), with its CSV. */
export function VatBlock({ query, fileName }: { query: string; fileName: string }) {
  const { t, locale } = useTranslation();
  const report = useVatReport(query);
  const blocks = report.data?.currencies ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="start">
          <div>
            <Title order={3} size="h4">
              {t('financeReports.vat.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {report.data && !report.data.registered
                ? t('financeReports.vat.notRegistered')
                : t('financeReports.vat.intro')}
            </Text>
          </div>
          <ReportButton
            file="vat.csv"
            query={query}
            fileName={fileName}
            label={t('financeReports.vat.csv')}
          />
        </Group>
        {blocks.length === 0 && report.data && <Text c="dimmed">{t('financeReports.vat.empty')}</Text>}
        {blocks.map((block) => (
          <Table.ScrollContainer key={block.currency} minWidth={560}>
            <Table striped aria-label={t('financeReports.vat.tableLabel', { currency: block.currency })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('financeReports.vat.rate')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.vat.sales')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.vat.refunds')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.vat.gross')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.vat.vat')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.vat.net')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {block.lines.map((line) => {
                  const money = (minor: number) => formatMoney(minor, block.currency, locale);
                  return (
                    <Table.Tr key={line.rateBp}>
                      <Table.Td>{formatVatRate(line.rateBp, locale)}</Table.Td>
                      <Table.Td ta="right">{money(line.salesGrossMinor)}</Table.Td>
                      <Table.Td ta="right">{money(line.refundsGrossMinor)}</Table.Td>
                      <Table.Td ta="right">{money(line.grossMinor)}</Table.Td>
                      <Table.Td ta="right">{money(line.vatMinor)}</Table.Td>
                      <Table.Td ta="right">{money(line.netMinor)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      </Stack>
    </Card>
  );
}
