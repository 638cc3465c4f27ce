import type { CustomerSummary } from '@guichet/shared/customers';
import { Badge } from '@mantine/core';
import { useCustomersTranslation as useTranslation } from './i18n';

// Shades that keep the light badge's text at AA contrast (checked by the customers journey's axe scan).
const COLORS = {
  granted: { color: 'green.9' },
  withdrawn: { color: 'red.9' },
  none: { color: 'gray', c: 'gray.9' },
} as const;

/** The customer's current marketing consent, in words (never colour alone). */
export function ConsentBadge({ consent }: { consent: CustomerSummary['consent'] }) {
  const { t } = useTranslation();
  const state = consent ?? 'none';
  return (
    <Badge {...COLORS[state]} variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t(`customers.consent.${state}`)}
    </Badge>
  );
}
