import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useDevice } from '../../../lib/use-device';

/**
 * The dialogs of the events pages: a named close button, and for forms (`form`) the whole screen on a phone
 * and content mounted only while open, so each opening starts from fresh values.
 */
export function EventModal({
  opened,
  onClose,
  title,
  size,
  form = false,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  form?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={form && phoneLayout}
      closeButtonProps={{ 'aria-label': t('eventEditor.close') }}
      centered
    >
      {(!form || opened) && children}
    </Modal>
  );
}
