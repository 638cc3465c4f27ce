import { canAccessRoute } from '@guichet/shared/permissions';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDashboardStream } from '../../../features/dashboard/api/figures-stream';
import { useAttention } from '../../../features/dashboard/api/get-attention';
import { useDashboardEvents } from '../../../features/dashboard/api/get-events';
import { useDashboardFigures } from '../../../features/dashboard/api/get-figures';
import { AttentionList } from '../../../features/dashboard/attention-list';
import { EventsPanel } from '../../../features/dashboard/events-panel';
import { FigureCards } from '../../../features/dashboard/figure-cards';
import {
  DASHBOARD_PRESETS,
  type DashboardPreset,
  figuresQuery,
  presetFromParams,
} from '../../../features/dashboard/period';
import { SalesChart } from '../../../features/dashboard/sales-chart';
import { useTranslation } from '../../../lib/i18n';
import { useSessionState } from '../../../lib/session/use-session';

const STATUS_COLORS = { connecting: 'gray', live: 'teal', reconnecting: 'orange', stopped: 'red' } as const;

/**
 * The dashboard's figures against the previous period (live as orders, refunds and scans happen, with sales
 * over time), what needs attention and the events; each figure opens the rows behind it where the member
 * may see them. Loaded after the page's frame, so the app shell stays light.
 */
export default function DashboardBoard() {
  const { t } = useTranslation();
  const { permissions } = useSessionState();
  const [params, setParams] = useSearchParams();
  const preset = presetFromParams(params);
  // The days are taken when the preset changes; a page left open overnight keeps its period until reload.
  const query = useMemo(() => figuresQuery(preset), [preset]);
  const figures = useDashboardFigures(query);
  const status = useDashboardStream(query);
  const events = useDashboardEvents();
  const attention = useAttention();
  const may = {
    events: canAccessRoute('/events', permissions),
    finances: canAccessRoute('/finances', permissions),
    mailings: canAccessRoute('/customers/mailings', permissions),
  };

  let content: React.ReactNode;
  if (figures.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('dashboard.loading')} />
      </Center>
    );
  } else if (!figures.data) {
    content = (
      <Alert color="red" title={t('overview.error')}>
        <Button variant="light" onClick={() => void figures.refetch()}>
          {t('overview.retry')}
        </Button>
      </Alert>
    );
  } else {
    const data = figures.data;
    const currencies = [...new Set(data.series.map((point) => point.currency))].sort();
    content = (
      <Stack gap="lg">
        <FigureCards figures={data} permissions={permissions} />
        {currencies.length > 0 ? (
          <Card withBorder padding="md">
            <Stack gap="md">
              {currencies.map((currency) => (
                <SalesChart key={currency} figures={data} currency={currency} />
              ))}
            </Stack>
          </Card>
        ) : (
          <Text c="dimmed">{t('overview.noSales')}</Text>
        )}
      </Stack>
    );
  }

  return (
    <>
      <section aria-labelledby="figures-title">
        <Group justify="space-between" align="end" mb="sm" gap="sm">
          <Group gap="sm" align="center">
            <Title order={2} size="h3" id="figures-title">
              {t('overview.figuresTitle')}
            </Title>
            <Badge variant="light" color={STATUS_COLORS[status]} c="dark.8" role="status">
              {t(`overview.status.${status}`)}
            </Badge>
          </Group>
          <SegmentedControl
            aria-label={t('overview.period')}
            data={DASHBOARD_PRESETS.map((value) => ({ value, label: t(`overview.presets.${value}`) }))}
            value={preset}
            onChange={(value) => setParams({ period: value as DashboardPreset }, { replace: true })}
          />
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {t('overview.comparedWith')}
        </Text>
        {content}
      </section>

      <section aria-labelledby="attention-title">
        <Title order={2} size="h3" id="attention-title" mb="sm">
          {t('overview.attention.title')}
        </Title>
        {attention.data ? (
          <AttentionList items={attention.data.items} may={may} more={attention} />
        ) : (
          <Loader size="sm" aria-label={t('dashboard.loading')} />
        )}
      </section>

      <section aria-labelledby="events-title">
        <Title order={2} size="h3" id="events-title" mb="sm">
          {t('overview.events.title')}
        </Title>
        {events.data ? (
          <EventsPanel events={events.data} canOpen={may.events} />
        ) : (
          <Loader size="sm" aria-label={t('dashboard.loading')} />
        )}
      </section>
    </>
  );
}
