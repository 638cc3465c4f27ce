import type { ReconciliationState } from '@guichet/shared/payouts';
import { Alert, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { AccountCodesCard } from '../../../features/payouts/account-codes-card';
import { AdjustmentModal } from '../../../features/payouts/adjustment-modal';
import { usePayouts } from '../../../features/payouts/api/list-payouts';
import { ClosingCard } from '../../../features/payouts/closing-card';
import { PayoutModal } from '../../../features/payouts/payout-modal';
import { PayoutsTable } from '../../../features/payouts/payouts-table';
import { useTranslation } from '../../../lib/i18n';
import { useDevice } from '../../../lib/use-device';

/**
 * `/finances/payouts` (ALL or FINANCE): the unreconciled inbox first (payouts that do not add up, with
 * what is unmatched and suggestions), all payouts on demand, manual adjustments and period closing.
 */
export default function PayoutsPage() {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const [filter, setFilter] = useState<ReconciliationState | 'all'>('flagged');
  const payouts = usePayouts(filter === 'all' ? null : filter);
  const [openPayout, setOpenPayout] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const shown = payouts.data?.pages.flatMap((page) => page.items) ?? [];
  const currency = shown[0]?.currency ?? 'EUR';

  let content: React.ReactNode;
  if (payouts.isPending)
    content = (
      <Center p="xl">
        <Loader aria-label={t('payoutsPage.loading')} />
      </Center>
    );
  else if (!payouts.data)
    content = (
      <Alert color="red" title={t('payoutsPage.error')}>
        <Button variant="light" onClick={() => void payouts.refetch()}>
          {t('payoutsPage.retry')}
        </Button>
      </Alert>
    );
  else if (shown.length === 0)
    content = (
      <Card withBorder padding="xl">
        <Text c="dimmed">{t('payoutsPage.empty')}</Text>
      </Card>
    );
  else
    content = (
      <>
        <PayoutsTable payouts={shown} phoneLayout={phoneLayout} onOpen={setOpenPayout} />
        {payouts.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              loading={payouts.isFetchingNextPage}
              onClick={() => void payouts.fetchNextPage()}
            >
              {t('teams.loadMore')}
            </Button>
          </Group>
        )}
      </>
    );

  return (
    <>
      <PageHeader route="/finances/payouts">
        <Text c="dimmed">{t('payoutsPage.intro')}</Text>
      </PageHeader>
      <Stack gap="lg">
        <Group justify="space-between" align="end" gap="sm">
          <SegmentedControl
            aria-label={t('payoutsPage.filter')}
            value={filter}
            onChange={(value) => setFilter(value === 'all' ? 'all' : 'flagged')}
            data={[
              { value: 'flagged', label: t('payoutsPage.filters.flagged') },
              { value: 'all', label: t('payoutsPage.filters.all') },
            ]}
          />
          <Button variant="light" onClick={() => setAdjusting(true)}>
            {t('payoutsPage.adjustment.open')}
          </Button>
        </Group>
        {content}
        <ClosingCard />
        <AccountCodesCard />
      </Stack>
      <PayoutModal payoutId={openPayout} onClose={() => setOpenPayout(null)} />
      <AdjustmentModal opened={adjusting} currency={currency} onClose={() => setAdjusting(false)} />
    </>
  );
}
