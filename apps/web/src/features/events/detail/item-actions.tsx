import { Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';

type Kind = 'ticketTypes' | 'pools';

/** Which item is being asked about before deletion; asking again clears the last failure. */
export function useDeleteQuestion<T>(remove: { reset: () => void }) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (item: T) => {
      remove.reset();
      setTarget(item);
    },
    close: () => setTarget(null),
  };
}

/** Edit and Delete for one ticket type or shared capacity, named after it for screen readers. */
export function EditDeleteButtons({
  kind,
  name,
  onEdit,
  onDelete,
}: {
  kind: Kind;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="default"
        size="sm"
        onClick={onEdit}
        aria-label={t(`eventEditor.${kind}.editNamed`, { name })}
      >
        {t('eventEditor.ticketTypes.edit')}
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="sm"
        onClick={onDelete}
        aria-label={t(`eventEditor.${kind}.deleteNamed`, { name })}
      >
        {t('eventEditor.ticketTypes.delete')}
      </Button>
    </>
  );
}

/** Asks before deleting a ticket type or a shared capacity, then deletes it and says so. */
export function DeleteModal({
  kind,
  target,
  remove,
  onClose,
}: {
  kind: Kind;
  target: { id: string; name: string } | null;
  remove: UseMutationResult<undefined, Error, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = target?.name ?? '';
  return (
    <ConfirmModal
      opened={target !== null}
      title={t(`eventEditor.${kind}.deleteTitle`, { name })}
      body={t(`eventEditor.${kind}.deleteBody`)}
      confirmLabel={t(`eventEditor.${kind}.deleteConfirm`)}
      danger
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: () => {
            toastSuccess(t(`eventEditor.${kind}.deleted`, { name }));
            onClose();
          },
        })
      }
    />
  );
}
