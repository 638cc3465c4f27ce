import type { TranslationKey, TranslationParams } from '../../lib/i18n';
import { useLocalTranslation } from '../../lib/i18n/local-catalogue';
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
const PREFIXES = ['integrations.'] as const;

/** `useTranslation` for the integrations page: `integrations.*` from the strings above, the rest from the app's. */
export function useIntegrationsTranslation(): { t: IntegrationsTFunction; locale: string } {
  return useLocalTranslation(PREFIXES, CATALOGUES) as { t: IntegrationsTFunction; locale: string };
}
