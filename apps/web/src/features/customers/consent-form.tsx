import { Button, Group, Radio, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { LimitedTextarea } from '../../components/limited-text';
import { toastSuccess } from '../../lib/toasts';
import { useRecordConsent } from './api/record-consent';
import { useCustomersTranslation as useTranslation } from './i18n';

/** Records consent given or withdrawn outside the checkout, with what the person agreed to. */
export function ConsentForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [granted, setGranted] = useState<'yes' | 'no'>('yes');
  const [wording, setWording] = useState('');
  const recording = useRecordConsent(customerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!wording.trim()) return;
    recording.mutate(
      { granted: granted === 'yes', wording: wording.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('customers.consentForm.saved'));
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Radio.Group
          label={t('customers.consentForm.choice')}
          value={granted}
          onChange={(value) => setGranted(value === 'no' ? 'no' : 'yes')}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('customers.consentForm.grant')} />
            <Radio value="no" label={t('customers.consentForm.withdraw')} />
          </Group>
        </Radio.Group>
        <LimitedTextarea
          label={t('customers.consentForm.wording')}
          description={t('customers.consentForm.wordingHelp')}
          required
          autosize
          minRows={2}
          limit={2000}
          value={wording}
          onChange={(event) => setWording(event.currentTarget.value)}
        />
        <FormError error={recording.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('customers.cancel')}
          </Button>
          <Button type="submit" disabled={!wording.trim()} loading={recording.isPending}>
            {t('customers.consentForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
