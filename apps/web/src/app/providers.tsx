import '@mantine/notifications/styles.css';
import { MantineProvider, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { startTokenRefresh } from '../lib/api-client';
import { startBuildCheck } from '../lib/build-check';
import { useTranslation } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT, TOAST_POSITION } from '../lib/toasts';
import { createAppTheme, cssVariablesResolver } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('toasts.close');
  const closeDialogLabel = t('dialog.close');
  const theme = useMemo(
    () =>
      createAppTheme({
        // Close buttons are named in the current language.
        Notification: Notification.extend({
          defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        }),
        // A plain object rather than `Modal.extend`: importing Modal here would put it in the shell.
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeDialogLabel } } },
      }),
    [closeLabel, closeDialogLabel],
  );

  useEffect(() => startTokenRefresh(), []);
  useEffect(() => startBuildCheck(), []);

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
