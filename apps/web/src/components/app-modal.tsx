import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDevice } from '../lib/use-device';

/**
 * The back office's dialogs, centred, their close button named by the theme. A form (`form`) takes the whole
 * screen on a phone and mounts its content only while open, so each opening starts from fresh values.
 */
export function AppModal({
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
  const { phoneLayout } = useDevice();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={form && phoneLayout}
      centered
    >
      {(!form || opened) && children}
    </Modal>
  );
}
