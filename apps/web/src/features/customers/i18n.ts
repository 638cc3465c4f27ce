import { type LocalTFunction, useLocalTranslation } from '../../lib/i18n/local-catalogue';
import { enCustomers } from '../../lib/i18n/locales/en-customers';
import { frCustomers } from '../../lib/i18n/locales/fr-customers';
import { enCustomerRecords, frCustomerRecords } from './record-strings';

// The customers pages carry their own strings (both languages, a few kilobytes) inside their chunk, so the
// app shell's catalogue loader does not grow by a part: the shell has no room left under its budget.
const CATALOGUES = {
  en: { ...enCustomers, customerRecords: enCustomerRecords },
  fr: { ...frCustomers, customerRecords: frCustomerRecords },
} as const;
/** The keys of the record actions' strings (`record-strings.ts`), beside the app's own keys. */
type RecordKey = `customerRecords.${string}`;
type CustomersT = LocalTFunction<RecordKey>;
const PREFIXES = ['customers.', 'memberLists.', 'customerRecords.'] as const;

/**
 * `useTranslation` for the customers pages: their own keys (`customers.*`, `memberLists.*`) from the strings
 * above, with the same plural forms and `{{name}}` placeholders; every other key from the app's catalogue.
 */
export function useCustomersTranslation(): { t: CustomersT; locale: string } {
  return useLocalTranslation<RecordKey>(PREFIXES, CATALOGUES);
}
