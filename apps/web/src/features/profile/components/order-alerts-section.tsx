import { ORDER_ALERT_MODES, type OrderAlertMode } from '@guichet/shared/order-alerts';
import { Button, Loader, Radio, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useOrderAlerts } from '../api/get-order-alerts';
import { useUpdateOrderAlerts } from '../api/update-order-alerts';

/** The profile's choice of mail about new orders: none, one per order, or a daily digest. */
export function OrderAlertsSection() {
  const { t } = useTranslation();
  const current = useOrderAlerts();
  const update = useUpdateOrderAlerts();
  const [mode, setMode] = useState<OrderAlertMode>('off');

  useEffect(() => {
    if (current.data) setMode(current.data.mode);
  }, [current.data]);

  if (current.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (current.isError) return <FormError error={current.error} />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ mode }, { onSuccess: () => toastSuccess(t('orderAlerts.saved')) });
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormError error={update.error} />
        <Radio.Group
          label={t('orderAlerts.intro')}
          value={mode}
          onChange={(value) => setMode(value as OrderAlertMode)}
        >
          <Stack gap="xs" mt="xs">
            {ORDER_ALERT_MODES.map((value) => (
              <Radio key={value} value={value} label={t(`orderAlerts.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Button type="submit" loading={update.isPending}>
            {t('orderAlerts.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
