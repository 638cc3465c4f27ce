import type { CapacityPool, EventDetail } from '@guichet/shared/events';
import { Checkbox, NumberInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FormActions } from '../../../components/form-actions';
import { LimitedTextInput } from '../../../components/limited-text';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useCreateCapacityPool } from '../api/create-capacity-pool';
import { useUpdateCapacityPool } from '../api/update-capacity-pool';
import { useUpdateTicketType } from '../api/update-ticket-type';
import {
  CAPACITY_MAX,
  NAME_MAX,
  type PoolErrors,
  type PoolFormValues,
  readPool,
  serverFormErrors,
} from './ticket-type-values';

/** Adds a shared capacity, or edits one (`pool`), and chooses the ticket types it caps together. */
export function PoolModal({
  event,
  pool,
  opened,
  onClose,
}: {
  event: EventDetail;
  pool: CapacityPool | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = pool
    ? t('eventEditor.pools.editTitle', { name: pool.name })
    : t('eventEditor.pools.addTitle');
  return (
    <AppModal opened={opened} onClose={onClose} title={title} form>
      <PoolForm event={event} pool={pool} onDone={onClose} />
    </AppModal>
  );
}

function PoolForm({
  event,
  pool,
  onDone,
}: {
  event: EventDetail;
  pool: CapacityPool | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCapacityPool(event.id);
  const update = useUpdateCapacityPool(event.id);
  const assign = useUpdateTicketType(event.id);
  // Once created, the pool is edited from then on: a failed assignment retried does not add a second pool.
  const [poolId, setPoolId] = useState(pool?.id ?? null);
  const [values, setValues] = useState<PoolFormValues>(() => ({
    name: pool?.name ?? '',
    capacity: pool?.capacity ?? '',
    ticketTypeIds: event.ticketTypes.filter((type) => pool && type.poolId === pool.id).map((type) => type.id),
  }));
  const [errors, setErrors] = useState<PoolErrors>({});
  const [minimum, setMinimum] = useState<number | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const problem = (field: keyof PoolErrors) =>
    errors[field]
      ? t(`eventEditor.problems.${errors[field]}`, { minimum: minimum ?? pool?.used ?? 0 })
      : undefined;

  async function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    setFailure(null);
    const { errors: found, body } = readPool(values);
    setErrors(found);
    if (!body) return;
    setPending(true);
    try {
      let id = poolId;
      let current = event;
      if (id) current = await update.mutateAsync({ id, body });
      else {
        current = await create.mutateAsync(body);
        const known = new Set(event.capacityPools.map((existing) => existing.id));
        id = current.capacityPools.find((candidate) => !known.has(candidate.id))?.id ?? null;
        setPoolId(id);
      }
      // Each ticket type joins or leaves the pool with its own change; types with sales cannot move.
      for (const type of current.ticketTypes) {
        const wanted = values.ticketTypeIds.includes(type.id);
        if (wanted !== (type.poolId === id)) {
          await assign.mutateAsync({ id: type.id, body: { poolId: wanted ? id : null } });
        }
      }
      toastSuccess(t('eventEditor.pools.saved', { name: body.name }));
      onDone();
    } catch (error) {
      const placed = serverFormErrors(error, ['name', 'capacity'] as const);
      setMinimum(placed.minimum);
      if (Object.keys(placed.errors).length > 0) setErrors(placed.errors);
      else setFailure(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('eventEditor.pools.name')}
          description={t('eventEditor.pools.nameHint')}
          value={values.name}
          onChange={(input) => {
            const name = input.currentTarget.value;
            setValues((current) => ({ ...current, name }));
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={problem('name')}
          limit={NAME_MAX}
          required
          data-autofocus
        />
        <NumberInput
          label={t('eventEditor.pools.capacity')}
          description={
            pool && pool.used > 0
              ? t('eventEditor.ticketTypes.capacityUsed', { used: pool.used })
              : t('eventEditor.pools.capacityHint')
          }
          value={values.capacity}
          onChange={(capacity) => {
            setValues((current) => ({ ...current, capacity }));
            setErrors((current) => ({ ...current, capacity: undefined }));
          }}
          error={problem('capacity')}
          min={0}
          max={CAPACITY_MAX}
          required
        />
        {event.ticketTypes.length > 0 && (
          <Checkbox.Group
            label={t('eventEditor.pools.ticketTypes')}
            description={t('eventEditor.pools.ticketTypesHint')}
            value={values.ticketTypeIds}
            onChange={(ticketTypeIds) => setValues((current) => ({ ...current, ticketTypeIds }))}
          >
            <Stack gap="xs" mt={6}>
              {event.ticketTypes.map((type) => (
                <Checkbox key={type.id} value={type.id} label={type.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <FormActions
          failure={failure}
          pending={pending}
          submitLabel={pool ? t('eventEditor.pools.saveChanges') : t('eventEditor.pools.create')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
