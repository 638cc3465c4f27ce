import type { TFunction } from '../../lib/i18n';
import { useLocalTranslation } from '../../lib/i18n/local-catalogue';
import { enMailings } from '../../lib/i18n/locales/en-mailings';
import { frMailings } from '../../lib/i18n/locales/fr-mailings';

const CATALOGUES = { en: enMailings, fr: frMailings } as const;
const PREFIXES = ['mailings.'] as const;

/**
 * `useTranslation` for the mailings pages: `mailings.*` from their own strings (with `{{name}}`
 * placeholders), every other key (errors, common words, page titles) from the app's catalogue.
 */
export function useMailingsTranslation(): { t: TFunction; locale: string } {
  return useLocalTranslation(PREFIXES, CATALOGUES) as { t: TFunction; locale: string };
}
