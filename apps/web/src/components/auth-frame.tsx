import { Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/** The look of the auth layout: brand and language on top, the page in a card. */
export function AuthFrame({
  brand,
  language,
  children,
}: {
  brand: ReactNode;
  language: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Container size={560} p={0}>
        <Group component="header" justify="space-between" mb="md" wrap="nowrap">
          {brand}
          {language}
        </Group>
        <Paper component="main" id="main" tabIndex={-1} withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
