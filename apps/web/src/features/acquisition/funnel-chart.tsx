import type { Funnel, FunnelRow } from '@guichet/shared/acquisition';
import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useDevice } from '../../lib/use-device';
import { channelLabel, formatCount } from './format';

const STEPS = [
  { key: 'visits', label: 'acquisition.funnel.visits', color: 'var(--mantine-color-blue-3)' },
  { key: 'checkouts', label: 'acquisition.funnel.checkouts', color: 'var(--mantine-color-blue-6)' },
  { key: 'paidOrders', label: 'acquisition.funnel.paid', color: 'var(--mantine-color-blue-9)' },
] as const;

const ROW_HEIGHT = 54;
const BAR = 12;
const MAX_ROWS = 8;
/** Drawn at the size it is shown, so its text stays readable on a phone. */
const SIZES = { wide: { width: 640, label: 150, chars: 22 }, phone: { width: 340, label: 96, chars: 12 } };

/**
 * The funnel drawn by hand in SVG (no chart library): for the total and each of the first rows, three bars
 * (visits, checkouts started, paid orders) on one scale, so both the drop between steps and the channels'
 * weights show. The table below carries every figure for screen readers and copying.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const { t, locale } = useTranslation();
  const { phoneLayout } = useDevice();
  const { width, label: labelWidth, chars } = SIZES[phoneLayout ? 'phone' : 'wide'];
  const rows: { key: string; label: string; row: FunnelRow }[] = [
    { key: 'total', label: t('acquisition.funnel.total'), row: funnel.total },
    ...funnel.rows.slice(0, MAX_ROWS).map((row) => ({
      key: `${row.channel}/${row.linkId ?? ''}`,
      label: row.linkName ?? channelLabel(row.channel, t),
      row,
    })),
  ];
  const max = Math.max(1, funnel.total.visits, funnel.total.checkouts, funnel.total.paidOrders);
  const scale = (value: number) => (value / max) * (width - labelWidth - 60);
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
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={t('acquisition.funnel.chartLabel')}
        style={{ maxWidth: width, display: 'block' }}
      >
        {rows.map(({ key, label, row }, index) => {
          const top = index * ROW_HEIGHT;
          return (
            <g key={key} transform={`translate(0 ${top})`}>
              <text x={0} y={ROW_HEIGHT / 2} dominantBaseline="middle" fontSize={13} fill="currentColor">
                {label.length > chars ? `${label.slice(0, chars - 1)}…` : label}
              </text>
              {STEPS.map((step, stepIndex) => {
                const value = row[step.key];
                const y = 6 + stepIndex * (BAR + 3);
                return (
                  <g key={step.key}>
                    <rect
                      x={labelWidth}
                      y={y}
                      width={Math.max(1, scale(value))}
                      height={BAR}
                      rx={2}
                      fill={step.color}
                    />
                    <text
                      x={labelWidth + Math.max(1, scale(value)) + 6}
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
