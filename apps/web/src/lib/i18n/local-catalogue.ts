import { useMemo } from 'react';
import { type TranslationKey, type TranslationParams, useTranslation } from './index';

/**
 * Translations for pages that carry their own strings inside their chunk (customers, mailings,
 * integrations), so the app shell's catalogue does not grow: keys under the pages' own prefixes come from
 * their catalogues, with plural forms (`key_one`, `key_other`) and `{{name}}` placeholders; every other key
 * from the app's catalogue.
 */

const pluralRules = new Map<string, Intl.PluralRules>();

function plural(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type LocalTFunction<Key extends string> = (
  key: Key | TranslationKey,
  params?: TranslationParams,
) => string;

export function useLocalTranslation<Key extends string>(
  prefixes: readonly string[],
  catalogues: { en: unknown; fr: unknown },
): { t: LocalTFunction<Key>; locale: string } {
  const { t: appT, locale } = useTranslation();
  const t = useMemo<LocalTFunction<Key>>(() => {
    const catalogue = catalogues[locale === 'fr' ? 'fr' : 'en'];
    return (key, params?: TranslationParams) => {
      if (!prefixes.some((prefix) => key.startsWith(prefix))) return appT(key as TranslationKey, params);
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
  }, [appT, locale, prefixes, catalogues]);
  return { t, locale };
}
