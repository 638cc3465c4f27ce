import type { FinanceFigure } from '@guichet/shared/finances';
import { Alert, Button, Card, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useFinancesSummary } from '../../../features/finances/api/get-summary';
import { CashUpPanel } from '../../../features/finances/cash-up-panel';
import { CurrencyBlock, type RowsRequest } from '../../../features/finances/currency-block';
import { DocumentsPanel } from '../../../features/finances/documents-panel';
import { EntriesModal } from '../../../features/finances/entries-modal';
import { JournalButton } from '../../../features/finances/journal-button';
import { FinanceOrderModal } from '../../../features/finances/order-modal';
import {
  apiQuery,
  type FinancesFilters,
  filtersFromParams,
  paramsFromFilters,
} from '../../../features/finances/period';
import { PeriodPicker } from '../../../features/finances/period-picker';
import { ReportButton } from '../../../features/finances/report-button';
import { reportQuery } from '../../../features/finances/save-file';
import { VatBlock } from '../../../features/finances/vat-block';
import { VatSettingsForm } from '../../../features/finances/vat-settings-form';
import { useTranslation } from '../../../lib/i18n';
import { useDevice } from '../../../lib/use-device';

/** `/finances` (ALL or FINANCE): a period's money per currency, each figure opening the rows behind it. */
export default function FinancesPage() {
  const { t, locale } = useTranslation();
  const { phoneLayout } = useDevice();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: FinancesFilters) => setParams(paramsFromFilters(next), { replace: true }),
    [setParams],
  );
  const summary = useFinancesSummary(apiQuery(filters));
  // The events to choose from: those with money in the period, organisation-wide.
  const overall = useFinancesSummary(apiQuery({ ...filters, eventId: null }));
  const events = useMemo(() => {
    const seen = new Map<string, string>();
    for (const block of overall.data?.currencies ?? [])
      for (const event of block.byEvent) seen.set(event.eventId, event.eventName);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [overall.data]);
  const [rows, setRows] = useState<RowsRequest | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const figureName = (figure: FinanceFigure) => t(`financesPage.figures.${figure}`);
  const tab = params.get('tab') ?? 'summary';
  const setTab = (next: string | null) => {
    const nextParams = new URLSearchParams(params);
    if (!next || next === 'summary') nextParams.delete('tab');
    else nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };
  const reports = reportQuery(filters, locale);
  const period = `${filters.from}-${filters.to}`;

  let content: React.ReactNode;
  if (summary.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('financesPage.loading')} />
      </Center>
    );
  } else if (!summary.data) {
    content = (
      <Alert color="red" title={t('financesPage.error')}>
        <Button variant="light" onClick={() => void summary.refetch()}>
          {t('financesPage.retry')}
        </Button>
      </Alert>
    );
  } else if (summary.data.currencies.length === 0) {
    content = (
      <Card withBorder padding="xl">
        <Text c="dimmed">{t('financesPage.empty')}</Text>
      </Card>
    );
  } else {
    const data = summary.data;
    content = (
      <Stack gap="lg" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {data.currencies.map((block) => (
          <CurrencyBlock
            key={block.currency}
            block={block}
            bucket={data.bucket}
            phoneLayout={phoneLayout}
            onShowRows={setRows}
            onPickEvent={(eventId) => setFilters({ ...filters, eventId })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader route="/finances">
        <Text c="dimmed">{t('financesPage.intro')}</Text>
      </PageHeader>
      <Stack gap="lg">
        <Group justify="space-between" align="end" gap="sm">
          <PeriodPicker filters={filters} events={events} onChange={setFilters} />
          <Group gap="sm">
            <Button component={Link} to="/finances/payouts" variant="light">
              {t('payoutsPage.link')}
            </Button>
            <JournalButton
              query={apiQuery({ ...filters, eventId: null })}
              fileName={`journal-${filters.from}-${filters.to}.csv`}
            />
            <ReportButton
              file="orders.csv"
              query={reports}
              fileName={`orders-${period}.csv`}
              label={t('financeReports.ordersCsv')}
            />
          </Group>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="summary">{t('financeReports.tabs.summary')}</Tabs.Tab>
            <Tabs.Tab value="documents">{t('financeReports.tabs.documents')}</Tabs.Tab>
            <Tabs.Tab value="cash-up">{t('financeReports.tabs.cashUp')}</Tabs.Tab>
            <Tabs.Tab value="vat">{t('financeReports.tabs.vatSettings')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="summary" pt="md">
            <Stack gap="lg">
              {content}
              <VatBlock query={reports} fileName={`vat-${period}.csv`} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="documents" pt="md">
            <DocumentsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="cash-up" pt="md">
            <CashUpPanel query={reports} fileName={`cash-up-${period}.csv`} />
          </Tabs.Panel>
          <Tabs.Panel value="vat" pt="md">
            <VatSettingsForm />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <EntriesModal
        title={
          rows
            ? t('financesPage.rows.title', {
                figure: `${figureName(rows.figure)}${rows.method ? ` · ${t(`financesPage.method.${rows.method}`)}` : ''}`,
                currency: rows.currency,
              })
            : ''
        }
        query={
          rows
            ? apiQuery(filters, {
                figure: rows.figure,
                currency: rows.currency,
                ...(rows.method ? { method: rows.method } : {}),
              })
            : null
        }
        phoneLayout={phoneLayout}
        onClose={() => setRows(null)}
        onOpenOrder={setOrderId}
      />
      {/* Keyed by order: a receipt issued for one order is not shown on the next. */}
      <FinanceOrderModal key={orderId ?? 'none'} orderId={orderId} onClose={() => setOrderId(null)} />
    </>
  );
}
