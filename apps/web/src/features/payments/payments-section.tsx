import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { AccountFacts } from './account-facts';
import { useStripeAccount } from './api/get-stripe-account';
import { useGoToOnboarding } from './api/go-to-onboarding';

/** The settings' payments section: how each way to pay is set up, and Stripe Connect onboarding (ALL). */
export function PaymentsSection() {
  const { t } = useTranslation();
  const account = useStripeAccount();
  const onboarding = useGoToOnboarding('start');
  const state = account.data;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('stripe.settings.body')}</Text>
      {account.isPending && <Loader size="sm" aria-label={t('stripe.loading')} />}
      <FormError error={account.error ?? onboarding.error} />
      {state && !state.available && (
        <Text size="sm" c="dimmed">
          {t('stripe.settings.unavailable')}
        </Text>
      )}
      {state?.available && (
        <>
          {state.connected ? (
            <AccountFacts account={state} />
          ) : (
            <Text size="sm" fw={500}>
              {t('stripe.settings.notConnected')}
            </Text>
          )}
          {state.chargesEnabled && (
            <Text size="sm" fw={500}>
              {t('stripe.settings.ready')}
            </Text>
          )}
          <Group gap="sm">
            {!(state.chargesEnabled && state.payoutsEnabled) && (
              <Button
                loading={onboarding.isPending || onboarding.isSuccess}
                onClick={() => onboarding.mutate()}
              >
                {state.connected ? t('stripe.settings.continue') : t('stripe.settings.connect')}
              </Button>
            )}
            {state.connected && (
              <Anchor component={Link} to="/checkout/account" size="sm">
                {t('stripe.settings.status')}
              </Anchor>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
