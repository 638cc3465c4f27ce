import type { CustomerSummary } from '@guichet/shared/customers';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/** The customer's current marketing consent, in words (never colour alone). */
export function ConsentBadge({ consent }: { consent: CustomerSummary['consent'] }) {
  const { t } = useTranslation();
  if (consent === 'granted')
    return (
      <Badge color="green.9" variant="light">
        {t('customers.consent.granted')}
      </Badge>
    );
  if (consent === 'withdrawn')
    return (
      <Badge color="red.9" variant="light">
        {t('customers.consent.withdrawn')}
      </Badge>
    );
  return (
    <Badge color="gray.8" variant="light">
      {t('customers.consent.none')}
    </Badge>
  );
}
