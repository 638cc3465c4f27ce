import { useMemo } from 'react';
import { type TFunction, type TranslationParams, useTranslation } from '../../lib/i18n';
import { enMailings } from '../../lib/i18n/locales/en-mailings';
import { frMailings } from '../../lib/i18n/locales/fr-mailings';

const CATALOGUES = { en: enMailings, fr: frMailings } as const;

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * `useTranslation` for the mailings pages: `mailings.*` from their own strings (with `{{name}}`
 * placeholders), every other key (errors, common words, page titles) from the app's catalogue.
 */
export function useMailingsTranslation(): { t: TFunction; locale: string } {
  const { t: appT, locale } = useTranslation();
  const t = useMemo<TFunction>(() => {
    const catalogue = CATALOGUES[locale === 'fr' ? 'fr' : 'en'];
    return (key, params?: TranslationParams) => {
      if (!key.startsWith('mailings.')) return appT(key, params);
      const text = lookup(catalogue, key);
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
