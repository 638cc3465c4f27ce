import type { StripeAccountState } from '@guichet/shared/payments';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/** The three flags Stripe reports, each as a labelled yes / not yet. */
export function AccountFacts({ account }: { account: StripeAccountState }) {
  const { t } = useTranslation();
  const facts = [
    [t('stripe.detailsSubmitted'), account.detailsSubmitted],
    [t('stripe.chargesEnabled'), account.chargesEnabled],
    [t('stripe.payoutsEnabled'), account.payoutsEnabled],
  ] as const;
  return (
    <Stack gap={6} component="dl" m={0}>
      {facts.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap" style={{ display: 'flex' }}>
          <Text component="dt" size="sm">
            {label}
          </Text>
          <Text component="dd" m={0}>
            <Badge color={value ? 'green' : 'gray'} variant="light" c="dark.8">
              {value ? t('stripe.yes') : t('stripe.no')}
            </Badge>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
