import { LOCALES, type Locale } from '@guichet/shared/i18n';
import { NativeSelect } from '@mantine/core';
import { isLocale, useTranslation } from '../lib/i18n';

/** The language switcher of the sign-in pages and the auth layout. */
export function LanguageSelect({ onChange }: { onChange: (locale: Locale) => void }) {
  const { t, locale } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      size="xs"
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) onChange(next);
      }}
      data={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
    />
  );
}
