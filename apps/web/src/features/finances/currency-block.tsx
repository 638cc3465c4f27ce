import type { CurrencySummary, FinanceFigure } from '@guichet/shared/finances';
import { formatMoney } from '@guichet/shared/money';
import type { PaymentProvider } from '@guichet/shared/payments';
import { Anchor, Card, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { SalesChart } from './sales-chart';

export interface RowsRequest {
  figure: FinanceFigure;
  currency: string;
  method?: PaymentProvider;
}

const FIGURES: {
  figure: FinanceFigure;
  key: 'grossMinor' | 'refundsMinor' | 'feesMinor' | 'adjustmentsMinor' | 'netMinor';
}[] = [
  { figure: 'gross', key: 'grossMinor' },
  { figure: 'refunds', key: 'refundsMinor' },
  { figure: 'fees', key: 'feesMinor' },
  { figure: 'adjustments', key: 'adjustmentsMinor' },
  { figure: 'net', key: 'netMinor' },
];

/** One currency's figures: each a button to its rows, the chart, and the splits by method and by event. */
export function CurrencyBlock({
  block,
  bucket,
  phoneLayout,
  onShowRows,
  onPickEvent,
}: {
  block: CurrencySummary;
  bucket: 'day' | 'week' | 'month';
  phoneLayout: boolean;
  onShowRows: (request: RowsRequest) => void;
  onPickEvent: (eventId: string) => void;
}) {
  const { t, locale } = useTranslation();
  const money = (minor: number) => formatMoney(minor, block.currency, locale);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`finances-${block.currency}`}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={2} size="h3" id={`finances-${block.currency}`}>
            {t('financesPage.currency', { currency: block.currency })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('financesPage.orders', { count: block.orderCount })}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {FIGURES.map(({ figure, key }) => {
            const label = t(`financesPage.figures.${figure}`);
            return (
              <UnstyledButton
                key={figure}
                onClick={() => onShowRows({ figure, currency: block.currency })}
                aria-label={`${label}: ${money(block[key])}. ${t('financesPage.showRows', { figure: label })}`}
              >
                <Paper withBorder p="sm" radius="md" h="100%">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {label}
                  </Text>
                  <Text
                    fw={700}
                    size="lg"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                    data-figure={figure}
                  >
                    {money(block[key])}
                  </Text>
                  {figure === 'fees' && block.feesMinor > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('financesPage.feesDetail', {
                        platform: money(block.platformFeesMinor),
                        processor: money(block.processorFeesMinor),
                      })}
                    </Text>
                  )}
                </Paper>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        <SalesChart series={block.series} currency={block.currency} bucket={bucket} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Split
            title={t('financesPage.byMethod')}
            phoneLayout={phoneLayout}
            money={money}
            rows={block.byMethod.map((row) => ({
              id: row.method,
              name: t(`financesPage.method.${row.method}`),
              amounts: row,
              onOpen: () => onShowRows({ figure: 'net', currency: block.currency, method: row.method }),
            }))}
          />
          <Split
            title={t('financesPage.byEvent')}
            phoneLayout={phoneLayout}
            money={money}
            rows={block.byEvent.map((row) => ({
              id: row.eventId,
              name: row.eventName,
              amounts: row,
              onOpen: () => onPickEvent(row.eventId),
            }))}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

interface SplitRow {
  id: string;
  name: string;
  amounts: { grossMinor: number; refundsMinor: number; feesMinor: number; netMinor: number };
  onOpen: () => void;
}

/** A split of the figures (by method, by event): a table, or cards on a phone. */
function Split({
  title,
  rows,
  phoneLayout,
  money,
}: {
  title: string;
  rows: SplitRow[];
  phoneLayout: boolean;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const heading = (
    <Title order={3} size="h5">
      {title}
    </Title>
  );
  if (phoneLayout) {
    return (
      <Stack gap="xs">
        {heading}
        {rows.map((row) => (
          <Paper key={row.id} withBorder p="sm" radius="md">
            <Anchor component="button" type="button" fw={600} onClick={row.onOpen}>
              {row.name}
            </Anchor>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('financesPage.figures.gross')} {money(row.amounts.grossMinor)} ·{' '}
              {t('financesPage.figures.refunds')} {money(row.amounts.refundsMinor)} ·{' '}
              {t('financesPage.figures.fees')} {money(row.amounts.feesMinor)}
            </Text>
            <Text size="sm" fw={700}>
              {t('financesPage.figures.net')} {money(row.amounts.netMinor)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Stack gap="xs">
      {heading}
      <Table.ScrollContainer minWidth={420}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('financesPage.column.name')}</Table.Th>
              <Table.Th style={numeric}>{t('financesPage.figures.gross')}</Table.Th>
              <Table.Th style={numeric}>{t('financesPage.figures.refunds')}</Table.Th>
              <Table.Th style={numeric}>{t('financesPage.figures.fees')}</Table.Th>
              <Table.Th style={numeric}>{t('financesPage.figures.net')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={row.onOpen}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={numeric}>{money(row.amounts.grossMinor)}</Table.Td>
                <Table.Td style={numeric}>{money(row.amounts.refundsMinor)}</Table.Td>
                <Table.Td style={numeric}>{money(row.amounts.feesMinor)}</Table.Td>
                <Table.Td style={{ ...numeric, fontWeight: 700 }}>{money(row.amounts.netMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
