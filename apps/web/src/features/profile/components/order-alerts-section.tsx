import { ORDER_ALERT_MODES, type OrderAlertMode } from '@guichet/shared/order-alerts';
import { Button, Loader, Radio, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useOrderAlerts } from '../api/get-order-alerts';
import { useUpdateOrderAlerts } from '../api/update-order-alerts';

// The section's own strings travel in the profile page's chunk, not in the app shell's catalogue.
const STRINGS = {
  en: {
    title: 'New orders by e-mail',
    intro: 'Where you manage events (permission Events or Everything), hear of new orders:',
    off: 'No e-mail',
    each: 'An e-mail for each new order',
    daily: 'A daily digest (in the morning, in the organisation’s time zone)',
    save: 'Save this choice',
    saved: 'Your choice is saved.',
  },
  fr: {
    title: 'Nouvelles commandes par e-mail',
    intro:
      'Là où vous gérez les évènements (permission Événements ou Tout), être prévenu des nouvelles commandes :',
    off: 'Aucun e-mail',
    each: 'Un e-mail pour chaque nouvelle commande',
    daily: 'Un récapitulatif quotidien (le matin, dans le fuseau horaire de l’organisation)',
    save: 'Enregistrer ce choix',
    saved: 'Votre choix est enregistré.',
  },
} as const;

/** The section's strings in the reader's language. */
export function useOrderAlertsStrings() {
  const { locale } = useTranslation();
  return STRINGS[locale === 'fr' ? 'fr' : 'en'];
}

/** The profile's choice of mail about new orders: none, one per order, or a daily digest. */
export function OrderAlertsSection() {
  const { t } = useTranslation();
  const strings = useOrderAlertsStrings();
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
    update.mutate({ mode }, { onSuccess: () => toastSuccess(strings.saved) });
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormError error={update.error} />
        <Radio.Group
          label={strings.intro}
          value={mode}
          onChange={(value) => setMode(value as OrderAlertMode)}
        >
          <Stack gap="xs" mt="xs">
            {ORDER_ALERT_MODES.map((value) => (
              <Radio key={value} value={value} label={strings[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Button type="submit" loading={update.isPending}>
            {strings.save}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
