import { LOCALES } from '@guichet/shared/i18n';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../lib/i18n';
import { useChangeLanguage } from './use-change-language';

export function LanguageSelect() {
  const { t } = useTranslation();
  const { locale, change } = useChangeLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      size="xs"
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void change(next);
      }}
      data={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
    />
  );
}
