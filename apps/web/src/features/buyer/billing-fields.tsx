import { Stack } from '@mantine/core';
import { LimitedTextarea, LimitedTextInput } from '../../components/limited-text';
import { useTranslation } from '../../lib/i18n';
import { BILLING_LIMITS, type BillingDraft } from './billing';

/**
 * The company's name, address and VAT number: one form for the order page and the checkout (loaded there
 * only when the buyer asks for an invoice). `idPrefix` names the fields, so a form can focus the first one
 * in error; `errors` are messages by field.
 */
export function BillingFields({
  value,
  onChange,
  errors = {},
  idPrefix,
}: {
  value: BillingDraft;
  onChange: (next: BillingDraft) => void;
  errors?: Partial<Record<keyof BillingDraft, string>>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <LimitedTextInput
        id={`${idPrefix}-name`}
        label={t('buyer.documents.company')}
        autoComplete="organization"
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
        limit={BILLING_LIMITS.name}
        error={errors.name}
        required
      />
      <LimitedTextarea
        id={`${idPrefix}-address`}
        label={t('buyer.documents.address')}
        value={value.address}
        onChange={(event) => onChange({ ...value, address: event.currentTarget.value })}
        limit={BILLING_LIMITS.address}
        error={errors.address}
        autosize
        minRows={2}
      />
      <LimitedTextInput
        id={`${idPrefix}-vatNumber`}
        label={t('buyer.documents.vatNumber')}
        value={value.vatNumber}
        onChange={(event) => onChange({ ...value, vatNumber: event.currentTarget.value })}
        limit={BILLING_LIMITS.vatNumber}
        error={errors.vatNumber}
      />
    </Stack>
  );
}
