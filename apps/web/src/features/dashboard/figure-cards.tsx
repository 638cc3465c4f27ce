import type { CurrencyFigures, DashboardFigures, PeriodFigures } from '@guichet/shared/dashboard';
import { formatMoney } from '@guichet/shared/money';
import { type AppRoute, canAccessRoute } from '@guichet/shared/permissions';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type TranslationKey, useTranslation } from '../../lib/i18n';
import { changeOf } from './period';

interface Figure {
  key: string;
  label: TranslationKey;
  value: string;
  current: number;
  previous: number;
  previousText: string;
  /** Where the rows behind the figure are, if the staff member may open that page. */
  to: string | null;
  /** A fall of this figure is good news (refunds). */
  lowerIsBetter?: boolean;
}

function ChangeBadge({ figure }: { figure: Figure }) {
  const { t } = useTranslation();
  const change = changeOf(figure.current, figure.previous);
  if (change === null)
    return (
      <Text size="xs" c="dimmed">
        {t('overview.noPrevious')}
      </Text>
    );
  const good = figure.lowerIsBetter ? change <= 0 : change >= 0;
  return (
    <Badge variant="light" color={change === 0 ? 'gray' : good ? 'teal' : 'red'} c="dark.8" size="sm">
      {t('overview.change', { value: `${change > 0 ? '+' : ''}${change}` })}
    </Badge>
  );
}

function FigureCard({ figure }: { figure: Figure }) {
  const { t } = useTranslation();
  const body = (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {t(figure.label)}
      </Text>
      <Text fw={700} fz="xl" data-figure={figure.key}>
        {figure.value}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <ChangeBadge figure={figure} />
        <Text size="xs" c="dimmed">
          {t('overview.previous', { value: figure.previousText })}
        </Text>
      </Group>
    </Stack>
  );
  return figure.to ? (
    <Card
      withBorder
      padding="md"
      component={Link}
      to={figure.to}
      aria-label={t('overview.openRows', { figure: t(figure.label), value: figure.value })}
    >
      {body}
    </Card>
  ) : (
    <Card withBorder padding="md">
      {body}
    </Card>
  );
}

const ZERO: CurrencyFigures = {
  currency: '',
  grossMinor: 0,
  netMinor: 0,
  refundsMinor: 0,
  refundCount: 0,
  paidOrders: 0,
  averageOrderMinor: 0,
};
const moneyOf = (period: PeriodFigures, currency: string) =>
  period.currencies.find((entry) => entry.currency === currency) ?? { ...ZERO, currency };

/**
 * The period's figures against the previous period, as cards. Money per currency (never added across
 * currencies); each card opens the rows behind it where the staff member may see them.
 */
export function FigureCards({
  figures,
  permissions,
}: {
  figures: DashboardFigures;
  permissions: readonly string[] | null | undefined;
}) {
  const { locale } = useTranslation();
  const { current, previous } = figures;
  const may = (route: AppRoute, to: string) => (canAccessRoute(route, permissions) ? to : null);
  const period = `from=${current.from}&to=${current.to}`;
  const finances = may('/finances', `/finances?period=custom&${period}`);
  const number = (value: number) => value.toLocaleString(locale);
  const counted = (key: string, label: TranslationKey, now: number, before: number, to: string | null) => ({
    key,
    label,
    value: number(now),
    current: now,
    previous: before,
    previousText: number(before),
    to,
  });
  const currencies = [
    ...new Set([...current.currencies, ...previous.currencies].map((entry) => entry.currency)),
  ].sort();
  const money: Figure[] = currencies.flatMap((currency) => {
    const now = moneyOf(current, currency);
    const before = moneyOf(previous, currency);
    const format = (minor: number) => formatMoney(minor, currency, locale);
    const figure = (
      key: 'grossMinor' | 'netMinor' | 'refundsMinor' | 'averageOrderMinor',
      label: TranslationKey,
      lowerIsBetter = false,
    ): Figure => ({
      key: `${key}-${currency}`,
      label,
      value: format(now[key]),
      current: now[key],
      previous: before[key],
      previousText: format(before[key]),
      to: finances,
      lowerIsBetter,
    });
    return [
      figure('grossMinor', 'overview.figures.gross'),
      figure('netMinor', 'overview.figures.net'),
      figure('refundsMinor', 'overview.figures.refunds', true),
      figure('averageOrderMinor', 'overview.figures.averageOrder'),
    ];
  });
  const counts: Figure[] = [
    counted('orders', 'overview.figures.orders', current.orders, previous.orders, finances),
    counted(
      'tickets',
      'overview.figures.tickets',
      current.ticketsSold,
      previous.ticketsSold,
      may('/events', '/events'),
    ),
    counted(
      'newCustomers',
      'overview.figures.newCustomers',
      current.newCustomers,
      previous.newCustomers,
      may('/customers/list', `/customers/list?firstFrom=${current.from}&firstTo=${current.to}`),
    ),
    counted(
      'returningCustomers',
      'overview.figures.returningCustomers',
      current.returningCustomers,
      previous.returningCustomers,
      may('/customers/list', `/customers/list?lastFrom=${current.from}&lastTo=${current.to}`),
    ),
    counted(
      'checkIns',
      'overview.figures.checkIns',
      current.checkIns,
      previous.checkIns,
      may('/events', '/events'),
    ),
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {[...money, ...counts].map((figure) => (
        <FigureCard key={figure.key} figure={figure} />
      ))}
    </SimpleGrid>
  );
}
