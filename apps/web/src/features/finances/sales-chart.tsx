import type { CurrencySummary } from '@guichet/shared/finances';
import { formatMoney } from '@guichet/shared/money';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

const WIDTH = 640;
const HEIGHT = 180;
const GROSS = 'var(--mantine-color-teal-7)';
const REFUNDS = 'var(--mantine-color-red-7)';

/**
 * Sales (up) and refunds (down) per bucket, drawn by hand in SVG: no chart library to load. Each bar has
 * its figure as a tooltip; the figures themselves are in the blocks above, in text.
 */
export function SalesChart({
  series,
  currency,
  bucket,
}: {
  series: CurrencySummary['series'];
  currency: string;
  bucket: 'day' | 'week' | 'month';
}) {
  const { t, locale } = useTranslation();
  if (series.length === 0) return null;
  const top = Math.max(1, ...series.map((point) => point.grossMinor));
  const bottom = Math.max(0, ...series.map((point) => point.refundsMinor));
  const scale = (HEIGHT - 20) / (top + bottom);
  const axis = 10 + top * scale;
  const slot = WIDTH / series.length;
  const bar = Math.max(1, Math.min(24, slot * 0.7));
  const first = series[0]?.date ?? '';
  const last = series[series.length - 1]?.date ?? '';
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('financesPage.chartTitle')}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={t('financesPage.chartLabel', {
          bucket: t(`financesPage.bucket.${bucket}`),
          from: first,
          to: last,
        })}
        style={{ maxHeight: 220, display: 'block' }}
      >
        <line x1={0} x2={WIDTH} y1={axis} y2={axis} stroke="var(--mantine-color-gray-5)" strokeWidth={1} />
        {series.map((point, index) => {
          const x = index * slot + (slot - bar) / 2;
          const up = point.grossMinor * scale;
          const down = point.refundsMinor * scale;
          return (
            <g key={point.date}>
              <title>
                {`${point.date}: ${t('financesPage.legendGross')} ${money(point.grossMinor)}, ${t('financesPage.legendRefunds')} ${money(point.refundsMinor)}`}
              </title>
              {up > 0 && <rect x={x} y={axis - up} width={bar} height={up} fill={GROSS} rx={1} />}
              {down > 0 && <rect x={x} y={axis} width={bar} height={down} fill={REFUNDS} rx={1} />}
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {first}
        </Text>
        <Group gap="md">
          <Text size="xs">
            <span aria-hidden style={{ color: GROSS }}>
              ■
            </span>{' '}
            {t('financesPage.legendGross')}
          </Text>
          <Text size="xs">
            <span aria-hidden style={{ color: REFUNDS }}>
              ■
            </span>{' '}
            {t('financesPage.legendRefunds')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {last}
        </Text>
      </Group>
    </Stack>
  );
}
