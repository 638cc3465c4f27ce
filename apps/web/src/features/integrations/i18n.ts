import { useMemo } from 'react';
import { type TranslationKey, type TranslationParams, useTranslation } from '../../lib/i18n';
import { enIntegrations, frIntegrations, type IntegrationsStrings } from './strings';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of this page's strings or of the app's catalogue. */
export type IntegrationsTFunction = (
  key: Leaves<IntegrationsStrings> | TranslationKey,
  params?: TranslationParams,
) => string;

// The integrations page carries its own strings (both languages, a couple of kilobytes) inside its chunk,
// as the customers pages do, so the app shell's catalogue does not grow.
const CATALOGUES = { en: enIntegrations, fr: frIntegrations } as const;

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `useTranslation` for the integrations page: `integrations.*` from the strings above, the rest from the app's. */
export function useIntegrationsTranslation(): { t: IntegrationsTFunction; locale: string } {
  const { t: appT, locale } = useTranslation();
  const t = useMemo<IntegrationsTFunction>(() => {
    const catalogue = CATALOGUES[locale === 'fr' ? 'fr' : 'en'];
    return (key, params?: TranslationParams) => {
      if (!key.startsWith('integrations.')) return appT(key as TranslationKey, params);
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
