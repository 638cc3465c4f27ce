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
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
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
import { NAV_ITEMS } from '../../../lib/navigation';
import { useSessionState } from '../../../lib/session/use-session';

const STATUS_COLORS = { connecting: 'gray', live: 'teal', reconnecting: 'orange', stopped: 'red' } as const;

/**
 * `/` (ALL or DASHBOARD): the period's figures against the previous one, live as orders, refunds and scans
 * happen, with sales over time; each figure opens the rows behind it where the member may see them.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, organization, permissions } = useSessionState();
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
  };
  const links = NAV_ITEMS.filter((item) => item.route !== '/' && canAccessRoute(item.route, permissions));

  let content: React.ReactNode;
  if (figures.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('dashboard.loading')} />
      </Center>
    );
  } else if (!figures.data) {
    content = (
      <Alert color="red" title={t('dashboard.error')}>
        <Button variant="light" onClick={() => void figures.refetch()}>
          {t('dashboard.retry')}
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
          <Text c="dimmed">{t('dashboard.noSales')}</Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <PageHeader route="/" title={t('dashboard.welcome', { name: user?.displayName ?? '' })}>
        {organization && <Text c="dimmed">{t('dashboard.organization', { name: organization.name })}</Text>}
      </PageHeader>

      <section aria-labelledby="figures-title">
        <Group justify="space-between" align="end" mb="sm" gap="sm">
          <Group gap="sm" align="center">
            <Title order={2} size="h3" id="figures-title">
              {t('dashboard.figuresTitle')}
            </Title>
            <Badge variant="light" color={STATUS_COLORS[status]} c="dark.8" role="status">
              {t(`dashboard.status.${status}`)}
            </Badge>
          </Group>
          <SegmentedControl
            aria-label={t('dashboard.period')}
            data={DASHBOARD_PRESETS.map((value) => ({ value, label: t(`dashboard.presets.${value}`) }))}
            value={preset}
            onChange={(value) => setParams({ period: value as DashboardPreset }, { replace: true })}
          />
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {t('dashboard.comparedWith')}
        </Text>
        {content}
      </section>

      <section aria-labelledby="attention-title">
        <Title order={2} size="h3" id="attention-title" mb="sm">
          {t('dashboard.attention.title')}
        </Title>
        {attention.data ? (
          <AttentionList items={attention.data.items} may={may} />
        ) : (
          <Loader size="sm" aria-label={t('dashboard.loading')} />
        )}
      </section>

      <section aria-labelledby="events-title">
        <Title order={2} size="h3" id="events-title" mb="sm">
          {t('dashboard.events.title')}
        </Title>
        {events.data ? (
          <EventsPanel events={events.data} canOpen={may.events} />
        ) : (
          <Loader size="sm" aria-label={t('dashboard.loading')} />
        )}
      </section>

      {links.length > 0 && (
        <section aria-labelledby="quick-links">
          <Title order={2} size="h3" id="quick-links" mb="sm">
            {t('dashboard.quickLinks')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {links.map((item) => (
              <Card key={item.route} component={Link} to={item.route} withBorder padding="md">
                <Text fw={600}>{t(`nav.${item.label}`)}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
