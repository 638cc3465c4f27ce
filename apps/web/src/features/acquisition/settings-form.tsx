import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useAcquisitionSettings } from './api/get-settings';
import { useUpdateAcquisitionSettings } from './api/update-settings';

/** The organisation's attribution window, in days. */
export function SettingsForm() {
  const { t } = useTranslation();
  const settings = useAcquisitionSettings();
  const save = useUpdateAcquisitionSettings();
  const [days, setDays] = useState('');
  useEffect(() => {
    if (settings.data) setDays(String(settings.data.attributionWindowDays));
  }, [settings.data]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(days);
    if (!Number.isInteger(value) || value < 1 || value > 365) return;
    try {
      await save.mutateAsync({ attributionWindowDays: value });
      toastSuccess(t('acquisition.settings.saved'));
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="number"
          inputMode="numeric"
          label={t('acquisition.settings.label')}
          description={t('acquisition.settings.hint')}
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
          min={1}
          max={365}
          step={1}
          required
          w={{ base: '100%', sm: 360 }}
          disabled={!settings.data}
        />
        <Button type="submit" variant="default" loading={save.isPending} disabled={!settings.data}>
          {t('acquisition.settings.save')}
        </Button>
      </Group>
      <FormError error={save.error ?? settings.error} />
    </form>
  );
}
