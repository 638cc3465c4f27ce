import { type CSSVariablesResolver, createTheme, Notification } from '@mantine/core';

/**
 * Shade 8 of the primary colour passes WCAG AA contrast with white text (the default shade does not).
 * The notification close button is named in the current language.
 */
export function createAppTheme(closeNotificationLabel: string) {
  return createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': closeNotificationLabel } },
      }),
    },
  });
}

/** Dimmed text (hints, descriptions) a shade darker than Mantine's default, for WCAG AA contrast on grey. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
