import type { Funnel, FunnelRow } from '@guichet/shared/acquisition';
import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useDevice } from '../../lib/use-device';
import { channelLabel, formatCount, formatRate, formatRevenue } from './format';

/** The funnel's figures: a table on a computer, one card per row on a phone. */
export function FunnelTable({ funnel }: { funnel: Funnel }) {
  const { t, locale } = useTranslation();
  const { phoneLayout } = useDevice();
  const byLink = funnel.groupBy === 'link';
  const nameOf = (row: FunnelRow) => channelLabel(row.channel, t);
  const linkOf = (row: FunnelRow) => row.linkName ?? t('acquisition.funnel.noLink');

  if (phoneLayout) {
    return (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {[...funnel.rows, funnel.total].map((row) => (
          <Card key={`${row.channel}/${row.linkId ?? ''}`} component="li" withBorder padding="sm">
            <Text fw={600}>{row === funnel.total ? t('acquisition.funnel.total') : nameOf(row)}</Text>
            {byLink && row !== funnel.total && (
              <Text size="sm" c="dimmed">
                {linkOf(row)}
              </Text>
            )}
            <SimpleGrid cols={2} spacing={4} mt="xs" component="dl" style={{ margin: 0 }}>
              {[
                [t('acquisition.funnel.visits'), formatCount(row.visits, locale)],
                [t('acquisition.funnel.checkouts'), formatCount(row.checkouts, locale)],
                [t('acquisition.funnel.paid'), formatCount(row.paidOrders, locale)],
                [t('acquisition.funnel.revenue'), formatRevenue(row.netRevenue, locale)],
                [t('acquisition.funnel.conversionRate'), formatRate(row.conversionRate, locale)],
              ].map(([term, value]) => (
                <div key={term}>
                  <Text component="dt" size="xs" c="dimmed">
                    {term}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  }

  const cells = (row: FunnelRow) => (
    <>
      <Table.Td ta="right">{formatCount(row.visits, locale)}</Table.Td>
      <Table.Td ta="right">{formatCount(row.checkouts, locale)}</Table.Td>
      <Table.Td ta="right">{formatCount(row.paidOrders, locale)}</Table.Td>
      <Table.Td ta="right">{formatRevenue(row.netRevenue, locale)}</Table.Td>
      <Table.Td ta="right">{formatRate(row.checkoutRate, locale)}</Table.Td>
      <Table.Td ta="right">{formatRate(row.paidRate, locale)}</Table.Td>
      <Table.Td ta="right">{formatRate(row.conversionRate, locale)}</Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('acquisition.funnel.channel')}</Table.Th>
            {byLink && <Table.Th scope="col">{t('acquisition.funnel.link')}</Table.Th>}
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.visits')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.checkouts')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.paid')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.revenue')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.checkoutRate')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.paidRate')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('acquisition.funnel.conversionRate')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {funnel.rows.map((row) => (
            <Table.Tr key={`${row.channel}/${row.linkId ?? ''}`}>
              <Table.Th scope="row" fw={500}>
                {nameOf(row)}
              </Table.Th>
              {byLink && <Table.Td>{linkOf(row)}</Table.Td>}
              {cells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('acquisition.funnel.total')}</Table.Th>
            {byLink && <Table.Td />}
            {cells(funnel.total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
