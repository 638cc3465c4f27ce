import { Button, Group, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { AppModal } from './app-modal';

/** The dialog's words, in the language and terms of the form it protects. */
export interface UnsavedChangesText {
  title: string;
  body: string;
  stay: string;
  leave: string;
}

/**
 * Asks before leaving a form with unsaved changes: a dialog for moves inside the app, the browser's own
 * prompt for a reload or a closed tab. `saving` lets a successful save navigate away unasked.
 */
export function UnsavedChangesGuard({
  dirty,
  saving,
  text,
}: {
  dirty: boolean;
  saving: RefObject<boolean>;
  text: UnsavedChangesText;
}) {
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
    <AppModal opened={blocked} onClose={() => blocker.reset?.()} title={text.title}>
      <Stack gap="md">
        <Text size="sm">{text.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {text.stay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {text.leave}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
