import { Button, Group } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { useDevice } from '../lib/use-device';
import { FormError } from './form-error';

/** The foot of a form: a failure not tied to a field, then Cancel and the submit button. */
export function FormActions({
  failure,
  pending,
  submitLabel,
  onCancel,
}: {
  failure: unknown;
  pending: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  return (
    <>
      <FormError error={failure} />
      <Group justify="flex-end" gap="sm" grow={phoneLayout}>
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
