import { Group, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** The logo and the name; `Brand` (back office) and the sign-in pages wrap it in their own link. */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#1864ab" />
        <path d="M8 11h16v3a2 2 0 0 0 0 4v3H8v-3a2 2 0 0 0 0-4z" fill="#fff" />
      </svg>
      <Text fw={700} size="lg">
        {t('app.name')}
      </Text>
    </Group>
  );
}

export const BRAND_LINK_STYLE = { textDecoration: 'none', color: 'inherit' } as const;
