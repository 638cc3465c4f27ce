import type { EventDetail } from '@guichet/shared/events';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/**
 * The event's tickets sold against its capacity, from the event as already loaded (refetched after every
 * order change); each ticket type shows its own figures above. Check-in figures join them once the
 * scanner records entries.
 */
export function SalesFigures({ event }: { event: EventDetail }) {
  const { t, locale } = useTranslation();
  if (event.ticketTypes.length === 0) return <Text c="dimmed">{t('eventEditor.figures.note')}</Text>;
  const number = new Intl.NumberFormat(locale);
  const sold = event.ticketTypes.reduce((sum, type) => sum + type.sold, 0);
  const held = event.ticketTypes.reduce((sum, type) => sum + type.held, 0);
  const capacity = event.ticketTypes.reduce((sum, type) => sum + type.capacity, 0);
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {t('orders.figures.sold', { sold: number.format(sold), capacity: number.format(capacity) })}
      </Text>
      {held > 0 && (
        <Text size="sm" c="dimmed">
          {t('orders.figures.held', { count: held })}
        </Text>
      )}
    </Stack>
  );
}
