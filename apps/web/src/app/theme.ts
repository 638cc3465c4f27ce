import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';

/**
 * Shade 8 of the primary colour passes WCAG AA contrast with white text (the default shade does not).
 * The back office adds its component defaults (the notification close button's name) on top.
 */
export function createAppTheme(components: MantineThemeOverride['components'] = {}) {
  return createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    // Filled badges and buttons in light colours (yellow, orange, green, teal, cyan, lime) get dark text:
    // white on their shade 8 stays under 4.5:1. At 0.19 every default colour's shade 8 reaches 4.5:1 with
    // the text colour chosen (white on blue, red, grape, pink; black on green, teal, cyan, orange, yellow).
    autoContrast: true,
    luminanceThreshold: 0.19,
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      // A loader is a status: its label is its accessible name (a label on a plain span is not allowed).
      Loader: { defaultProps: { role: 'status' } },
      // A number out of range stays as typed, and the form says what is wrong next to it: clamping on blur
      // (Mantine's default) changed it silently. Fields that are steppers ask for "strict" themselves.
      NumberInput: { defaultProps: { clampBehavior: 'none' } },
      ...components,
    },
  });
}

/**
 * Dimmed text (hints, descriptions) and field errors a shade darker than Mantine's defaults, for WCAG AA
 * contrast on the grey page background (red 8 reaches only 4.3:1 there).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
