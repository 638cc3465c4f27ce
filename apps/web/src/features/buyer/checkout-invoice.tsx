import { Stack, Text, Transition } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocalTranslation } from '../../lib/i18n/local-catalogue';
import { enCheckoutInvoice } from '../../lib/i18n/locales/en-checkout-invoice';
import { frCheckoutInvoice } from '../../lib/i18n/locales/fr-checkout-invoice';
import { type BillingDraft, billingOf, billingProblems, EMPTY_BILLING } from './billing';
import { BillingFields } from './billing-fields';

const CATALOGUES = { en: enCheckoutInvoice, fr: frCheckoutInvoice } as const;
const PREFIXES = ['checkoutInvoice.'] as const;

/**
 * The company to invoice as the checkout holds it: what was typed, what the order is sent (`billing`), and
 * the fields the browser already knows to be wrong, keyed as the form's errors are (`billing-name`: blank
 * is `missing`, over its limit is `long`, which the field says itself). Computed here, so the event page's
 * own chunk carries none of it.
 */
export interface CheckoutBilling {
  draft: BillingDraft;
  billing: ReturnType<typeof billingOf>;
  errors: Record<string, string>;
}

function checked(draft: BillingDraft): CheckoutBilling {
  const errors: Record<string, string> = {};
  for (const field of billingProblems(draft))
    errors[`billing-${field}`] = draft[field].trim() ? 'long' : 'missing';
  return { draft, billing: billingOf(draft), errors };
}

/**
 * The company to invoice, at checkout: loaded only once the buyer ticks "ask for an invoice", with its own
 * strings, so the event page's first load does not grow (its budget is nearly spent). `errors` are the
 * form's, by field id: `missing`, `long` or `refused` (by the server).
 */
export default function CheckoutInvoice({
  value,
  onChange,
  errors,
}: {
  value: CheckoutBilling | undefined;
  onChange: (next: CheckoutBilling) => void;
  errors: Record<string, string>;
}) {
  const { t } = useLocalTranslation<`checkoutInvoice.${string}`>(PREFIXES, CATALOGUES);
  // The form learns the (empty) details' state as soon as the fields exist.
  useEffect(() => {
    if (!value) onChange(checked(EMPTY_BILLING));
  }, [value, onChange]);
  // Faded in once loaded (Mantine's Transition honours reduced motion).
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  const message = (field: keyof BillingDraft) => {
    const problem = errors[`billing-${field}`];
    return problem === 'missing'
      ? t('checkoutInvoice.nameRequired')
      : problem === 'refused'
        ? t('checkoutInvoice.refused')
        : undefined;
  };
  return (
    <Transition mounted={shown} transition="fade" duration={150}>
      {(styles) => (
        <Stack gap="xs" style={styles}>
          <Text size="sm" c="dimmed">
            {t('checkoutInvoice.hint')}
          </Text>
          <BillingFields
            value={value?.draft ?? EMPTY_BILLING}
            onChange={(draft) => onChange(checked(draft))}
            idPrefix="checkout-billing"
            errors={{ name: message('name'), address: message('address'), vatNumber: message('vatNumber') }}
          />
        </Stack>
      )}
    </Transition>
  );
}
