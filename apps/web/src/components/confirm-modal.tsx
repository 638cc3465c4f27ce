import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { AppModal } from './app-modal';
import { FormError } from './form-error';

/** A yes-or-no question before a change that is hard to undo; the failure, if any, shows inside it. */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  dismissLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  /** When "Cancel" would be ambiguous (cancelling an event). */
  dismissLabel?: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        {children}
        <FormError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {dismissLabel ?? t('form.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
