import type { Funnel, FunnelRow } from '@guichet/shared/acquisition';
import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { channelLabel, formatCount } from './format';

const STEPS = [
  { key: 'visits', label: 'acquisition.funnel.visits', color: 'var(--mantine-color-blue-3)' },
  { key: 'checkouts', label: 'acquisition.funnel.checkouts', color: 'var(--mantine-color-blue-6)' },
  { key: 'paidOrders', label: 'acquisition.funnel.paid', color: 'var(--mantine-color-blue-9)' },
] as const;

const ROW_HEIGHT = 54;
const BAR = 12;
const LABEL_WIDTH = 150;
const WIDTH = 640;
const MAX_ROWS = 8;

/**
 * The funnel drawn by hand in SVG (no chart library): for the total and each of the first rows, three bars
 * (visits, checkouts started, paid orders) on one scale, so both the drop between steps and the channels'
 * weights show. The table below carries every figure for screen readers and copying.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const { t, locale } = useTranslation();
  const rows: { key: string; label: string; row: FunnelRow }[] = [
    { key: 'total', label: t('acquisition.funnel.total'), row: funnel.total },
    ...funnel.rows.slice(0, MAX_ROWS).map((row) => ({
      key: `${row.channel}/${row.linkId ?? ''}`,
      label: row.linkName ?? channelLabel(row.channel, t),
      row,
    })),
  ];
  const max = Math.max(1, funnel.total.visits, funnel.total.checkouts, funnel.total.paidOrders);
  const scale = (value: number) => (value / max) * (WIDTH - LABEL_WIDTH - 60);
  const height = rows.length * ROW_HEIGHT;

  return (
    <figure style={{ margin: 0 }}>
      <Group gap="md" mb="xs" aria-hidden="true">
        {STEPS.map((step) => (
          <Group key={step.key} gap={6}>
            <span
              style={{
                width: 12,
                height: 12,
                background: step.color,
                display: 'inline-block',
                borderRadius: 2,
              }}
            />
            <Text size="sm">{t(step.label)}</Text>
          </Group>
        ))}
      </Group>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-label={t('acquisition.funnel.chartLabel')}
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        {rows.map(({ key, label, row }, index) => {
          const top = index * ROW_HEIGHT;
          return (
            <g key={key} transform={`translate(0 ${top})`}>
              <text x={0} y={ROW_HEIGHT / 2} dominantBaseline="middle" fontSize={13} fill="currentColor">
                {label.length > 22 ? `${label.slice(0, 21)}…` : label}
              </text>
              {STEPS.map((step, stepIndex) => {
                const value = row[step.key];
                const y = 6 + stepIndex * (BAR + 3);
                return (
                  <g key={step.key}>
                    <rect
                      x={LABEL_WIDTH}
                      y={y}
                      width={Math.max(1, scale(value))}
                      height={BAR}
                      rx={2}
                      fill={step.color}
                    />
                    <text
                      x={LABEL_WIDTH + Math.max(1, scale(value)) + 6}
                      y={y + BAR / 2}
                      dominantBaseline="middle"
                      fontSize={11}
                      fill="currentColor"
                    >
                      {formatCount(value, locale)}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
