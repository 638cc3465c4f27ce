import { useMemo } from 'react';
import { type TranslationKey, type TranslationParams, useTranslation } from '../../lib/i18n';
import { enCustomers } from '../../lib/i18n/locales/en-customers';
import { frCustomers } from '../../lib/i18n/locales/fr-customers';
import { enCustomerRecords, frCustomerRecords } from './record-strings';

// The customers pages carry their own strings (both languages, a few kilobytes) inside their chunk, so the
// app shell's catalogue loader does not grow by a part: the shell has no room left under its budget.
const CATALOGUES = {
  en: { ...enCustomers, customerRecords: enCustomerRecords },
  fr: { ...frCustomers, customerRecords: frCustomerRecords },
} as const;
const pluralRules = new Map<string, Intl.PluralRules>();

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function plural(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** The keys of the record actions' strings (`record-strings.ts`), beside the app's own keys. */
type RecordKey = `customerRecords.${string}`;
type CustomersT = (key: TranslationKey | RecordKey, params?: TranslationParams) => string;

/**
 * `useTranslation` for the customers pages: their own keys (`customers.*`, `memberLists.*`) from the strings
 * above, with the same plural forms and `{{name}}` placeholders; every other key from the app's catalogue.
 */
export function useCustomersTranslation(): { t: CustomersT; locale: string } {
  const { t: appT, locale } = useTranslation();
  const t = useMemo<CustomersT>(() => {
    const catalogue = CATALOGUES[locale === 'fr' ? 'fr' : 'en'];
    return (key, params?: TranslationParams) => {
      if (
        !key.startsWith('customers.') &&
        !key.startsWith('memberLists.') &&
        !key.startsWith('customerRecords.')
      ) {
        return appT(key as TranslationKey, params);
      }
      const count = params?.count;
      const text =
        (typeof count === 'number'
          ? (lookup(catalogue, `${key}_${plural(locale, count)}`) ?? lookup(catalogue, `${key}_other`))
          : undefined) ?? lookup(catalogue, key);
      if (text === undefined) return key;
      return params
        ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
            name in params ? String(params[name]) : match,
          )
        : text;
    };
  }, [appT, locale]);
  return { t, locale };
}
