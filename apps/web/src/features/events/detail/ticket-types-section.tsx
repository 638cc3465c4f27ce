import type { EventDetail, TicketType } from '@guichet/shared/events';
import { formatMoney } from '@guichet/shared/money';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { dateTimeFormat } from '../../../lib/date-format';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { toastError } from '../../../lib/toasts';
import { useDevice } from '../../../lib/use-device';
import { useDeleteTicketType } from '../api/delete-ticket-type';
import { useReorderTicketTypes } from '../api/reorder-ticket-types';
import { CapacityMeter } from './capacity-meter';
import { DeleteModal, EditDeleteButtons, useDeleteQuestion } from './item-actions';
import { moved } from './ticket-type-values';

function salesWindow(t: TFunction, type: TicketType, timeZone: string, locale: string): string {
  const format = (instant: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant));
  if (type.salesStart && type.salesEnd) {
    return t('eventEditor.ticketTypes.salesBetween', {
      start: format(type.salesStart),
      end: format(type.salesEnd),
    });
  }
  if (type.salesStart) return t('eventEditor.ticketTypes.salesFrom', { start: format(type.salesStart) });
  if (type.salesEnd) return t('eventEditor.ticketTypes.salesUntil', { end: format(type.salesEnd) });
  return t('eventEditor.ticketTypes.salesAlways');
}

/**
 * The ticket types in their order on the public page: price, capacity used and left, sales window and
 * limits; moved with up and down buttons (which keyboards and screen readers use as they are).
 */
export function TicketTypesSection({
  event,
  editable,
  onAdd,
  onEdit,
}: {
  event: EventDetail;
  editable: boolean;
  onAdd: () => void;
  onEdit: (type: TicketType) => void;
}) {
  const { t, locale } = useTranslation();
  const { phoneLayout } = useDevice();
  const reorder = useReorderTicketTypes(event.id);
  const remove = useDeleteTicketType(event.id);
  const deleting = useDeleteQuestion<TicketType>(remove);
  const ids = event.ticketTypes.map((type) => type.id);
  const poolName = new Map(event.capacityPools.map((pool) => [pool.id, pool.name]));

  // Said to screen readers only: a toast for every step would pile up while reordering a long list.
  const [announcement, setAnnouncement] = useState('');

  const move = (type: TicketType, step: -1 | 1) =>
    reorder.mutate(moved(ids, type.id, step), {
      onSuccess: () =>
        setAnnouncement(
          t(step < 0 ? 'eventEditor.ticketTypes.movedUp' : 'eventEditor.ticketTypes.movedDown', {
            name: type.name,
          }),
        ),
      onError: (error) => toastError(error),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id="ticket-types-heading">
          {t('eventEditor.ticketTypes.heading')}
        </Title>
        {editable && <Button onClick={onAdd}>{t('eventEditor.ticketTypes.add')}</Button>}
      </Group>
      {event.ticketTypes.length === 0 ? (
        <Text c="dimmed">
          {editable ? t('eventEditor.ticketTypes.emptyEditable') : t('eventEditor.ticketTypes.empty')}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          aria-labelledby="ticket-types-heading"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {event.ticketTypes.map((type, index) => (
            <Paper component="li" key={type.id} withBorder p="md" radius="md" aria-label={type.name}>
              <Stack gap="sm">
                <Group
                  justify="space-between"
                  align="flex-start"
                  gap="xs"
                  wrap={phoneLayout ? 'wrap' : 'nowrap'}
                >
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {type.name}
                      </Text>
                      {type.visibility !== 'public' && (
                        <Badge variant="outline" color="gray">
                          {t(`eventEditor.visibility.${type.visibility}`)}
                        </Badge>
                      )}
                      {type.poolId && (
                        <Badge variant="light" color="grape">
                          {t('eventEditor.ticketTypes.inPool', { pool: poolName.get(type.poolId) ?? '' })}
                        </Badge>
                      )}
                    </Group>
                    {type.description && (
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                        {type.description}
                      </Text>
                    )}
                  </Stack>
                  <Text fw={700} size="lg">
                    {type.priceMinor === 0
                      ? t('eventEditor.ticketTypes.free')
                      : formatMoney(type.priceMinor, type.currency, locale)}
                  </Text>
                </Group>
                <CapacityMeter
                  label={t('eventEditor.capacity.meterOf', { name: type.name })}
                  used={type.used}
                  left={type.left}
                  capacity={type.capacity}
                />
                <SimpleGrid cols={phoneLayout ? 1 : 2} spacing={4}>
                  <Text size="sm" c="dimmed">
                    {salesWindow(t, type, event.timeZone, locale)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('eventEditor.ticketTypes.perOrder', { min: type.minPerOrder, max: type.maxPerOrder })}
                  </Text>
                </SimpleGrid>
                {editable && (
                  <Group gap="xs" justify="flex-end">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('eventEditor.ticketTypes.moveUp', { name: type.name })}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(type, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('eventEditor.ticketTypes.moveDown', { name: type.name })}
                      disabled={index === event.ticketTypes.length - 1 || reorder.isPending}
                      onClick={() => move(type, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </ActionIcon>
                    <EditDeleteButtons
                      kind="ticketTypes"
                      name={type.name}
                      onEdit={() => onEdit(type)}
                      onDelete={() => deleting.ask(type)}
                    />
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <DeleteModal kind="ticketTypes" target={deleting.target} remove={remove} onClose={deleting.close} />
    </Stack>
  );
}
