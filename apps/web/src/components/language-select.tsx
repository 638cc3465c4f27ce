import { LOCALES, type Locale } from '@guichet/shared/i18n';
import { isLocale, useTranslation } from '../lib/i18n';

/**
 * The language switcher of the sign-in pages and the auth layout: a plain `<select>` styled with Mantine's
 * variables (Mantine's NativeSelect cost the sign-in page 2 KB it does not have).
 */
export function LanguageSelect({ onChange }: { onChange: (locale: Locale) => void }) {
  const { t, locale } = useTranslation();
  return (
    <select
      aria-label={t('language.label')}
      className="language-select"
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) onChange(next);
      }}
    >
      {LOCALES.map((value) => (
        <option key={value} value={value}>
          {t(`language.${value}`)}
        </option>
      ))}
    </select>
  );
}
