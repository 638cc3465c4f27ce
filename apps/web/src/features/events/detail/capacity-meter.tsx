import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** Capacity used (sold or held) and left, as figures and a bar that turns orange, then red, as it fills. */
export function CapacityMeter({
  label,
  used,
  left,
  capacity,
}: {
  label: string;
  used: number;
  left: number;
  capacity: number;
}) {
  const { t, locale } = useTranslation();
  const number = new Intl.NumberFormat(locale);
  const share = capacity > 0 ? Math.min(100, Math.round((used / capacity) * 100)) : 0;
  const color = share >= 100 ? 'red' : share >= 80 ? 'orange' : 'teal';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {t('eventEditor.capacity.used', { used: number.format(used), capacity: number.format(capacity) })}
        </Text>
        <Text size="sm" fw={600}>
          {t('eventEditor.capacity.left', { count: left, left: number.format(left) })}
        </Text>
      </Group>
      <Progress value={share} color={color} size="sm" aria-label={label} />
    </Stack>
  );
}
