import { DEFAULT_LOCALE, LOCALES, type Locale } from '@guichet/shared/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Translation } from './locales/en';

export const LOCALE_STORAGE_KEY = 'guichet.locale';

/** Each language is its own chunk: only the one in use is downloaded. */
const loaders: Record<Locale, () => Promise<{ default: Translation }>> = {
  en: () => import('./locales/en'),
  fr: () => import('./locales/fr'),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Stored choice, then the browser's languages, then English. */
export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const resources = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', resources.default, true, true);
}

export async function initI18n(): Promise<typeof i18n> {
  const locale = detectLocale(readStoredLocale(), navigator.languages ?? [navigator.language]);
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(locale);
  document.documentElement.lang = locale;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18n;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the language and remembers it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisted: the choice still holds for this page.
  }
}

export { i18n };
