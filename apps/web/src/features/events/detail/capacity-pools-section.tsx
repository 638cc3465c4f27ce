import type { CapacityPool, EventDetail } from '@guichet/shared/events';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteCapacityPool } from '../api/delete-capacity-pool';
import { CapacityMeter } from './capacity-meter';
import { DeleteModal, EditDeleteButtons, useDeleteQuestion } from './item-actions';

/**
 * Shared capacities: a cap over several ticket types together (the whole event, or a group such as a
 * balcony), on top of each type's own capacity.
 */
export function CapacityPoolsSection({
  event,
  editable,
  onAdd,
  onEdit,
}: {
  event: EventDetail;
  editable: boolean;
  onAdd: () => void;
  onEdit: (pool: CapacityPool) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCapacityPool(event.id);
  const deleting = useDeleteQuestion<CapacityPool>(remove);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id="pools-heading">
          {t('eventEditor.pools.heading')}
        </Title>
        {editable && (
          <Button variant="default" onClick={onAdd}>
            {t('eventEditor.pools.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('eventEditor.pools.intro')}
      </Text>
      {event.capacityPools.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          aria-labelledby="pools-heading"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {event.capacityPools.map((pool) => {
            const members = event.ticketTypes.filter((type) => type.poolId === pool.id);
            return (
              <Paper component="li" key={pool.id} withBorder p="md" radius="md" aria-label={pool.name}>
                <Stack gap="sm">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {pool.name}
                    </Text>
                    {editable && (
                      <Group gap="xs">
                        <EditDeleteButtons
                          kind="pools"
                          name={pool.name}
                          onEdit={() => onEdit(pool)}
                          onDelete={() => deleting.ask(pool)}
                        />
                      </Group>
                    )}
                  </Group>
                  <CapacityMeter
                    label={t('eventEditor.capacity.meterOf', { name: pool.name })}
                    used={pool.used}
                    left={pool.left}
                    capacity={pool.capacity}
                  />
                  <Text size="sm" c="dimmed">
                    {members.length > 0
                      ? t('eventEditor.pools.members', { names: members.map((type) => type.name).join(', ') })
                      : t('eventEditor.pools.noMembers')}
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <DeleteModal kind="pools" target={deleting.target} remove={remove} onClose={deleting.close} />
    </Stack>
  );
}
