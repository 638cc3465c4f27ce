import { Button, Group, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { EventModal } from './event-modal';

/**
 * Asks before leaving a form with unsaved changes: a dialog for moves inside the app, the browser's own
 * prompt for a reload or a closed tab. `saving` lets a successful save navigate away unasked.
 */
export function UnsavedChangesGuard({ dirty, saving }: { dirty: boolean; saving: RefObject<boolean> }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (saving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saving]);

  const blocked = blocker.state === 'blocked';
  return (
    <EventModal opened={blocked} onClose={() => blocker.reset?.()} title={t('eventEditor.unsaved.title')}>
      <Stack gap="md">
        <Text size="sm">{t('eventEditor.unsaved.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('eventEditor.unsaved.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('eventEditor.unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </EventModal>
  );
}
