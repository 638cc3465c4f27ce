/**
 * Props of a light badge with dark text: the colour shows in the background, since even the darkest shade
 * of teal or orange as text on its own light background is below AA contrast.
 */
export const lightBadge = (color: string, variant: 'light' | 'outline' = 'light') =>
  ({ color, variant, c: 'dark.8' }) as const;
