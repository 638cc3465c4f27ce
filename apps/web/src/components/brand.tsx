import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={`${t('app.name')} — ${t('nav.home')}`}
    >
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1864ab" />
          <path d="M8 11h16v3a2 2 0 0 0 0 4v3H8v-3a2 2 0 0 0 0-4z" fill="#fff" />
        </svg>
        <Text fw={700} size="lg">
          {t('app.name')}
        </Text>
      </Group>
    </Link>
  );
}
