import { parseMoney } from '@guichet/shared/money';
import { Button, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useRecordAdjustment } from './api/record-adjustment';

/** A manual adjustment with its reason (money in or out), written to the ledger; never back-dated into a closed period. */
export function AdjustmentModal({
  opened,
  currency,
  onClose,
}: {
  opened: boolean;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordAdjustment();
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = parseMoney(amount, currency);
    const found = {
      amount: parsed.ok && parsed.minor > 0 ? undefined : t('payoutsPage.adjustment.invalidAmount'),
      reason: reason.trim().length >= 3 ? undefined : t('payoutsPage.adjustment.reasonRequired'),
    };
    setErrors(found);
    if (found.amount || found.reason || !parsed.ok) return;
    try {
      await record.mutateAsync({
        amountMinor: direction === 'in' ? parsed.minor : -parsed.minor,
        currency,
        reason: reason.trim(),
        ...(date ? { occurredAt: new Date(`${date}T12:00:00`).toISOString() } : {}),
      });
      toastSuccess(t('payoutsPage.adjustment.done'));
      setAmount('');
      setReason('');
      setDate('');
      onClose();
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('payoutsPage.adjustment.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('payoutsPage.adjustment.direction')}
            value={direction}
            onChange={(value) => setDirection(value === 'in' ? 'in' : 'out')}
            data={[
              { value: 'out', label: t('payoutsPage.adjustment.out') },
              { value: 'in', label: t('payoutsPage.adjustment.in') },
            ]}
          />
          <TextInput
            label={t('payoutsPage.adjustment.amount', { currency })}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount}
            required
          />
          <LimitedTextarea
            label={t('payoutsPage.adjustment.reason')}
            value={reason}
            limit={500}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            required
          />
          <TextInput
            type="date"
            label={t('payoutsPage.adjustment.date')}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <FormError error={failure} />
          <Button type="submit" loading={record.isPending}>
            {t('payoutsPage.adjustment.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
