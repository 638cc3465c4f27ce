import type { CustomerSummary } from '@guichet/shared/customers';
import { Badge } from '@mantine/core';
import { useCustomersTranslation as useTranslation } from './i18n';

// The light badge's text colours are set for AA contrast in global.css (checked by e2e/accessibility.spec.ts).
const COLORS = {
  granted: { color: 'green' },
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
