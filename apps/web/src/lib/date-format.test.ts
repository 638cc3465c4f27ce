import { describe, expect, it } from 'vitest';
import { dateLocale, dateTimeFormat } from './date-format';

const bastilleDay = new Date('2026-07-14T16:05:00Z');

describe('dates in the reader’s language and region', () => {
  it('takes the browser’s region for the app’s language, else en-GB and fr-FR', () => {
    expect(dateLocale('en', [])).toBe('en-GB');
    expect(dateLocale('fr', [])).toBe('fr-FR');
    expect(dateLocale('en', ['fr-CA', 'en-US'])).toBe('en-US');
    expect(dateLocale('fr', ['fr-CA', 'en-US'])).toBe('fr-CA');
    expect(dateLocale('en', ['de-DE'])).toBe('en-GB');
    expect(dateLocale('en-IE', ['en-US'])).toBe('en-IE');
  });

  it('writes a 24-hour clock and the day before the month in en-GB and French', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' } as const;
    expect(new Intl.DateTimeFormat('en-GB', options).format(bastilleDay)).toBe('14 Jul 2026, 18:05');
    expect(dateTimeFormat('en-GB', options).format(bastilleDay)).toBe('14 Jul 2026, 18:05');
    expect(dateTimeFormat('fr-FR', options).format(bastilleDay)).toBe('14 juil. 2026, 18:05');
    expect(dateTimeFormat('en-US', options).format(bastilleDay)).toBe('Jul 14, 2026, 6:05 PM');
  });
});
