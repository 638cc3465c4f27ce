import { describe, expect, it } from 'vitest';
import { changeLocale, currentLocale, detectLocale, loadCataloguePart, t } from './index';

describe('translator', () => {
  it('interpolates, picks plural forms and follows the language', async () => {
    await changeLocale('en');
    expect(currentLocale()).toBe('en');
    expect(t('connection.submit')).toBe('Sign in');
    // A key of the back office's part is its own key until that part is loaded.
    expect(t('nav.userMenu', { name: 'Ada' })).toBe('nav.userMenu');
    await loadCataloguePart('backOffice');
    expect(t('nav.userMenu', { name: 'Ada' })).toBe('Account menu for Ada');
    expect(t('policy.minLength', { count: 1 })).toBe('be at least 1 character long');
    expect(t('policy.minLength', { count: 8 })).toBe('be at least 8 characters long');
    await changeLocale('fr');
    expect(currentLocale()).toBe('fr');
    expect(t('connection.submit')).not.toBe('Sign in');
    // @ts-expect-error: not a key of the catalogue
    expect(t('connection.nope')).toBe('connection.nope');
  });

  it('detects the stored choice, then the browser languages, then English', () => {
    expect(detectLocale('fr', ['en-GB'])).toBe('fr');
    expect(detectLocale(null, ['de-DE', 'fr-CA'])).toBe('fr');
    expect(detectLocale('xx', ['de'])).toBe('en');
  });
});
