import { Stack, Text } from '@mantine/core';
import { useLocalTranslation } from '../../lib/i18n/local-catalogue';
import { enCheckoutInvoice } from '../../lib/i18n/locales/en-checkout-invoice';
import { frCheckoutInvoice } from '../../lib/i18n/locales/fr-checkout-invoice';
import type { BillingDraft } from './billing';
import { BillingFields } from './billing-fields';

const CATALOGUES = { en: enCheckoutInvoice, fr: frCheckoutInvoice } as const;
const PREFIXES = ['checkoutInvoice.'] as const;

/**
 * Why a billing field is in error: blank (`missing`), over its limit (`long`: the field says so itself) or
 * refused by the server (`refused`).
 */
export type BillingFieldProblem = 'missing' | 'long' | 'refused';

/**
 * The company to invoice, at checkout: loaded only once the buyer ticks "ask for an invoice", with its own
 * strings, so the event page's first load does not grow (its budget is nearly spent).
 */
export default function CheckoutInvoice({
  value,
  onChange,
  problems,
}: {
  value: BillingDraft;
  onChange: (next: BillingDraft) => void;
  problems: Partial<Record<keyof BillingDraft, string>>;
}) {
  const { t } = useLocalTranslation<`checkoutInvoice.${string}`>(PREFIXES, CATALOGUES);
  const message = (problem: string | undefined) =>
    problem === 'missing'
      ? t('checkoutInvoice.nameRequired')
      : problem === 'refused'
        ? t('checkoutInvoice.refused')
        : undefined;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('checkoutInvoice.hint')}
      </Text>
      <BillingFields
        value={value}
        onChange={onChange}
        idPrefix="checkout-billing"
        errors={{
          name: message(problems.name),
          address: message(problems.address),
          vatNumber: message(problems.vatNumber),
        }}
      />
    </Stack>
  );
}
