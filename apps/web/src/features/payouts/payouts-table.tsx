import { formatMoney } from '@guichet/shared/money';
import type { Payout } from '@guichet/shared/payouts';
import { Anchor, Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

const RECONCILIATION_COLOR = { pending: 'gray', reconciled: 'green', flagged: 'red', void: 'gray' } as const;

/** A failed or cancelled payout moved no money: it has nothing to reconcile, rather than being "not paid yet". */
export function reconciliationLabel(payout: Payout): keyof typeof RECONCILIATION_COLOR {
  return payout.status === 'failed' || payout.status === 'canceled' ? 'void' : payout.reconciliation;
}

/** The payouts as a table (a list of cards on a phone), each opening its transactions. */
export function PayoutsTable({
  payouts,
  phoneLayout,
  onOpen,
}: {
  payouts: Payout[];
  phoneLayout: boolean;
  onOpen: (payoutId: string) => void;
}) {
  const { t, locale } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
  const badge = (payout: Payout) => (
    <Badge color={RECONCILIATION_COLOR[reconciliationLabel(payout)]} variant="light">
      {t(`payoutsPage.reconciliation.${reconciliationLabel(payout)}`)}
    </Badge>
  );
  const open = (payout: Payout) => (
    <Anchor component="button" type="button" onClick={() => onOpen(payout.id)}>
      {formatMoney(payout.amountMinor, payout.currency, locale)}
      <VisuallyHidden>{` ${t('payoutsPage.open', { id: payout.stripePayoutId })}`}</VisuallyHidden>
    </Anchor>
  );
  if (phoneLayout)
    return (
      <Stack gap="sm">
        {payouts.map((payout) => (
          <Stack key={payout.id} gap={2} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
            {open(payout)}
            <Text size="sm">
              {date(payout.arrivalDate)} · {t(`payoutsPage.status.${payout.status}`)}
            </Text>
            {badge(payout)}
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('payoutsPage.columns.arrival')}</Table.Th>
          <Table.Th>{t('payoutsPage.columns.amount')}</Table.Th>
          <Table.Th>{t('payoutsPage.columns.status')}</Table.Th>
          <Table.Th>{t('payoutsPage.columns.reconciliation')}</Table.Th>
          <Table.Th>{t('payoutsPage.columns.matched')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payouts.map((payout) => (
          <Table.Tr key={payout.id}>
            <Table.Td>{date(payout.arrivalDate)}</Table.Td>
            <Table.Td>{open(payout)}</Table.Td>
            <Table.Td>{t(`payoutsPage.status.${payout.status}`)}</Table.Td>
            <Table.Td>{badge(payout)}</Table.Td>
            <Table.Td>{formatMoney(payout.matchedMinor, payout.currency, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
