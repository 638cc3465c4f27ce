import type { DashboardFigures } from '@guichet/shared/dashboard';
import { formatMoney } from '@guichet/shared/money';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

const WIDTH = 640;
const HEIGHT = 160;
const BAR = 'var(--mantine-color-teal-7)';

/**
 * Sales per hour or day of one currency, drawn by hand in SVG (no chart library to load). Each bar has its
 * figure as a tooltip; the totals are in the cards above, in text.
 */
export function SalesChart({ figures, currency }: { figures: DashboardFigures; currency: string }) {
  const { t, locale } = useTranslation();
  const points = figures.series.filter((point) => point.currency === currency);
  if (points.length === 0) return null;
  const top = Math.max(1, ...points.map((point) => point.grossMinor));
  const slot = WIDTH / points.length;
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const scale = (HEIGHT - 12) / top;
  const first = points[0]?.at ?? '';
  const last = points[points.length - 1]?.at ?? '';
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('overview.chartTitle', { currency })}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={t('overview.chartLabel', { currency, from: first, to: last })}
        style={{ maxHeight: 200, display: 'block' }}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} stroke="var(--mantine-color-gray-5)" />
        {points.map((point, index) => {
          const height = Math.max(1, point.grossMinor * scale);
          return (
            <rect
              key={point.at}
              x={index * slot + (slot - bar) / 2}
              y={HEIGHT - 1 - height}
              width={bar}
              height={height}
              fill={BAR}
            >
              <title>
                {`${point.at}: ${formatMoney(point.grossMinor, currency, locale)} · ${t('overview.ordersCount', { count: point.orders })}`}
              </title>
            </rect>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed">
        {first} – {last}
      </Text>
    </Stack>
  );
}
