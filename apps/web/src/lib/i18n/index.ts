import { DEFAULT_LOCALE, LOCALES, type Locale } from '@guichet/shared/i18n';
import { useSyncExternalStore } from 'react';
import type { en, Translation } from './locales/en';
import type { AcquisitionTranslation, enAcquisition } from './locales/en-acquisition';
import type { BackOfficeTranslation, enBackOffice } from './locales/en-back-office';
import type { BuyerTranslation, enBuyer } from './locales/en-buyer';
// The customers pages translate with their own strings (features/customers/i18n.ts); their keys are typed here.
import type { enCustomers } from './locales/en-customers';
import type { DashboardTranslation, enDashboard } from './locales/en-dashboard';
import type { EventsTranslation, enEvents } from './locales/en-events';
import type { enMailings } from './locales/en-mailings';
import type { enPayments, PaymentsTranslation } from './locales/en-payments';
import type { enScan, ScanTranslation } from './locales/en-scan';

export const LOCALE_STORAGE_KEY = 'guichet.locale';

/**
 * Each language is split in parts, each its own chunk: the sign-in pages load only `core`, the back office
 * also `backOffice`, the events pages also `events` (see `loadCataloguePart`), the buyer's pages `core` and
 * `buyer`, the door scanner `core` and `scan`, the Stripe account pages
 * also `payments`, and only the language in use is downloaded.
 */
export type CataloguePart =
  | 'core'
  | 'backOffice'
  | 'events'
  | 'buyer'
  | 'scan'
  | 'payments'
  | 'acquisition'
  | 'dashboard';
type Catalogue = Partial<
  Translation &
    BackOfficeTranslation &
    EventsTranslation &
    BuyerTranslation &
    ScanTranslation &
    PaymentsTranslation &
    AcquisitionTranslation &
    DashboardTranslation
>;
const loaders: Record<CataloguePart, Record<Locale, () => Promise<{ default: Catalogue }>>> = {
  core: {
    en: () => import('./locales/en'),
    fr: () => import('./locales/fr'),
  },
  backOffice: {
    en: () => import('./locales/en-back-office'),
    fr: () => import('./locales/fr-back-office'),
  },
  events: {
    en: () => import('./locales/en-events'),
    fr: () => import('./locales/fr-events'),
  },
  buyer: {
    en: () => import('./locales/en-buyer'),
    fr: () => import('./locales/fr-buyer'),
  },
  scan: {
    en: () => import('./locales/en-scan'),
    fr: () => import('./locales/fr-scan'),
  },
  payments: {
    en: () => import('./locales/en-payments'),
    fr: () => import('./locales/fr-payments'),
  },
  acquisition: {
    en: () => import('./locales/en-acquisition'),
    fr: () => import('./locales/fr-acquisition'),
  },
  dashboard: {
    en: () => import('./locales/en-dashboard'),
    fr: () => import('./locales/fr-dashboard'),
  },
};
const parts = new Set<CataloguePart>(['core']);

// ---------------------------------------------------------------------------------------------------------
// Keys: every leaf of the English catalogue, dotted. Plural leaves (`key_one`, `key_other`) are also reachable
// by their base name with a `count`, which picks the form with the language's plural rules.

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type LeafKey = Leaves<
  typeof en &
    typeof enBackOffice &
    typeof enEvents &
    typeof enBuyer &
    typeof enScan &
    typeof enPayments &
    typeof enAcquisition &
    typeof enCustomers &
    typeof enMailings &
    typeof enDashboard
>;
type PluralBase<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : never;

export type TranslationKey = LeafKey | PluralBase<LeafKey>;
export type TranslationParams = Record<string, string | number>;
export type TFunction = (key: TranslationKey, params?: TranslationParams) => string;

// ---------------------------------------------------------------------------------------------------------
// State: the language in use, the catalogues loaded so far, and who wants to hear about a change.

const catalogues: Partial<Record<Locale, Catalogue>> = {};
const loadedParts = new Map<Locale, Set<CataloguePart>>();
const listeners = new Set<() => void>();
let locale: Locale = DEFAULT_LOCALE;

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

/** Loads the parts in use for a language; parts have distinct top-level sections, so they merge flatly. */
async function ensureLoaded(next: Locale): Promise<void> {
  const loaded = loadedParts.get(next) ?? new Set<CataloguePart>();
  const missing = [...parts].filter((part) => !loaded.has(part));
  const modules = await Promise.all(missing.map((part) => loaders[part][next]()));
  catalogues[next] = Object.assign({}, catalogues[next], ...modules.map((module) => module.default));
  for (const part of missing) loaded.add(part);
  loadedParts.set(next, loaded);
}

function lookup(catalogue: Catalogue | undefined, path: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralForm(language: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function translate(language: Locale, key: string, params?: TranslationParams): string {
  const catalogue = catalogues[language];
  let message: string | undefined;
  const count = params?.count;
  if (typeof count === 'number') {
    message = lookup(catalogue, `${key}_${pluralForm(language, count)}`) ?? lookup(catalogue, `${key}_other`);
  }
  message ??= lookup(catalogue, key);
  if (message === undefined) return key;
  if (!params) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** One function per language, so a component's `t` changes (and its effects re-run) when the language does. */
const translators = new Map<Locale, TFunction>();
function translatorFor(language: Locale): TFunction {
  let translator = translators.get(language);
  if (!translator) {
    translator = (key, params) => translate(language, key, params);
    translators.set(language, translator);
  }
  return translator;
}

/** Translates with the language in use; for code outside React components. */
export const t: TFunction = (key, params) => translate(locale, key, params);

function apply(next: Locale): void {
  locale = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/**
 * Picks the language (stored choice, then the browser's) and loads the catalogue parts the app needs before
 * the first render.
 */
export async function initI18n(needed: readonly CataloguePart[] = ['core']): Promise<Locale> {
  for (const part of needed) parts.add(part);
  const detected = detectLocale(readStoredLocale(), navigator.languages ?? [navigator.language]);
  await ensureLoaded(detected);
  apply(detected);
  return detected;
}

/**
 * Sets the language of the server's drawing of a page (the reader's `Accept-Language`), with the parts it
 * needs. The drawing follows at once, in the same synchronous step: no other drawing comes between.
 */
export async function languageForDrawing(chosen: Locale, needed: readonly CataloguePart[]): Promise<void> {
  for (const part of needed) parts.add(part);
  await ensureLoaded(chosen);
  apply(chosen);
}

/**
 * Loads one more part of the catalogue in the language in use (and in any language switched to later); route
 * loaders await it so a page never renders its keys.
 */
export async function loadCataloguePart(part: CataloguePart): Promise<void> {
  parts.add(part);
  await ensureLoaded(locale);
}

export function currentLocale(): Locale {
  return locale;
}

/** Switches the language and remembers it on this device. */
export async function changeLocale(next: Locale): Promise<void> {
  await ensureLoaded(next);
  if (next !== locale) apply(next);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, next);
  } catch {
    // Not persisted: the choice still holds for this page.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The translator of the language in use; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; locale: Locale } {
  const language = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { t: translatorFor(language), locale: language };
}
