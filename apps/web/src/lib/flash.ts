import type { TranslationKey } from './i18n';

/**
 * A message for the next page, kept across a full page load (the back office hands over to the sign-in
 * pages that way). It is read once, and forgotten after a short while if no page reads it.
 */
export type FlashKey = Extract<
  TranslationKey,
  'toasts.signedOut' | 'toasts.profileFailed' | 'profile.deleted' | 'resetPassword.done'
>;

export interface Flash {
  key: FlashKey;
  color: 'blue' | 'green';
}

const FLASH_STORAGE_KEY = 'guichet.flash';
const FLASH_MAX_AGE_MS = 60_000;
const FLASH_KEYS: readonly FlashKey[] = [
  'toasts.signedOut',
  'toasts.profileFailed',
  'profile.deleted',
  'resetPassword.done',
];

export function setFlash(key: FlashKey, color: Flash['color'] = 'blue'): void {
  try {
    sessionStorage.setItem(FLASH_STORAGE_KEY, JSON.stringify({ key, color, at: Date.now() }));
  } catch {
    // Storage blocked: the message is lost, nothing else.
  }
}

export function takeFlash(now: number = Date.now()): Flash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_STORAGE_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLASH_STORAGE_KEY);
    const value = JSON.parse(raw) as { key?: unknown; color?: unknown; at?: unknown };
    if (!FLASH_KEYS.includes(value.key as FlashKey)) return null;
    if (typeof value.at !== 'number' || now - value.at > FLASH_MAX_AGE_MS) return null;
    return { key: value.key as FlashKey, color: value.color === 'green' ? 'green' : 'blue' };
  } catch {
    return null;
  }
}
