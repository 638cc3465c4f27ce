import { canAccessRoute } from '@guichet/shared/permissions';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { AccountFacts } from '../../../features/payments/account-facts';
import { useStripeAccount } from '../../../features/payments/api/get-stripe-account';
import { useGoToOnboarding } from '../../../features/payments/api/go-to-onboarding';
import { useTranslation } from '../../../lib/i18n';
import { useSessionState } from '../../../lib/session/use-session';

/**
 * `/checkout/account`: where Stripe sends the organiser back after onboarding. Shows the account's real
 * state, read from Stripe through the API, and the way to continue when Stripe still needs something.
 */
export default function StripeAccountPage() {
  const { t } = useTranslation();
  const account = useStripeAccount();
  const { permissions } = useSessionState();
  // Starting onboarding is for ALL; a fresh link for an existing account is for ALL or FINANCE.
  const onboarding = useGoToOnboarding(account.data?.connected ? 'refresh' : 'start');
  const state = account.data;
  // Onboarding starts from the settings, which admit ALL only (the same rule as the API's).
  const canStart = canAccessRoute('/settings', permissions);
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader route="/checkout/account">
        <Text c="dimmed">{t('stripe.intro')}</Text>
      </PageHeader>
      {account.isPending && <Loader aria-label={t('stripe.loading')} />}
      <FormError error={account.error ?? onboarding.error} />
      {state && !state.available && <Alert color="gray">{t('stripe.unavailable')}</Alert>}
      {state?.available && !state.connected && <Alert color="gray">{t('stripe.notConnected')}</Alert>}
      {state?.connected && (
        <Paper withBorder p="lg" component="section" aria-label={t('stripe.accountTitle')}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('stripe.account')}: <code>{state.accountId}</code>
            </Text>
            <AccountFacts account={state} />
            <Text fw={600}>{state.chargesEnabled ? t('stripe.ready') : t('stripe.incomplete')}</Text>
          </Stack>
        </Paper>
      )}
      <Group gap="sm">
        {state?.available &&
          !(state.chargesEnabled && state.payoutsEnabled) &&
          (state.connected || canStart) && (
            <Button
              loading={onboarding.isPending || onboarding.isSuccess}
              onClick={() => onboarding.mutate()}
            >
              {state.connected ? t('stripe.continue') : t('stripe.connect')}
            </Button>
          )}
        {canStart && (
          <Anchor component={Link} to="/settings">
            {t('stripe.back')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
