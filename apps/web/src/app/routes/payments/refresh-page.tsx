import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { useGoToOnboarding } from '../../../features/payments/api/go-to-onboarding';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/checkout/refresh`: where Stripe sends the organiser when an onboarding link has expired or was used.
 * Asks the API for a fresh link and goes straight on to it.
 */
export default function StripeRefreshPage() {
  const { t } = useTranslation();
  const refresh = useGoToOnboarding('refresh');
  const asked = useRef(false);
  useEffect(() => {
    // Once per visit, even under StrictMode's double effects.
    if (asked.current) return;
    asked.current = true;
    refresh.mutate();
  }, [refresh]);
  // A server without Stripe: the organiser is told what to configure, not the buyer's message.
  const notConfigured = isApiError(refresh.error) && refresh.error.code === 'card-payments-unavailable';
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader route="/checkout/refresh" title={t('stripe.refreshTitle')} />
      {!refresh.isError && (
        <Stack gap="sm" align="flex-start" role="status">
          <Loader aria-label={t('stripe.refreshing')} />
          <Text>{t('stripe.refreshing')}</Text>
        </Stack>
      )}
      {refresh.isError && notConfigured && (
        <Alert color="yellow" title={t('stripe.notConfiguredTitle')}>
          {t('stripe.notConfigured')}
        </Alert>
      )}
      {refresh.isError && !notConfigured && (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t('stripe.refreshFailed')}</Text>
          <FormError error={refresh.error} />
          <Button onClick={() => refresh.mutate()}>{t('stripe.retry')}</Button>
        </Stack>
      )}
    </Stack>
  );
}
